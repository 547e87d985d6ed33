/// `message` in the language of this process (`Messages.language`), with its `{name}`
/// placeholders filled from `values`:
///
///     tr("unknown currency '{code}'; did you mean {suggestion}?", ["code": code, "suggestion": hint])
///
/// The message is the `msgid` the catalogs translate, so it must be a literal (a
/// `StaticString` cannot be interpolated): the values go in placeholders, where a
/// translation may move them. A test reads every `tr` call in Sources/ and fails when a
/// catalog lacks the message or a translation's placeholders differ from it.
package func tr(_ message: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
  Messages.text(message.description, values, in: Messages.language)
}

/// The form of a message that `count` calls for, in the language of this process, with
/// `{count}` and the placeholders of `values` filled:
///
///     tr("{count} change is not saved", "{count} changes are not saved", count: lost.count)
///
/// In English `singular` is for one and `plural` for every other count; a catalog holds
/// the pair as `msgid` and `msgid_plural`, with its language's forms.
package func tr(
  _ singular: StaticString, _ plural: StaticString, count: Int, _ values: KeyValuePairs<String, String> = [:]
) -> String {
  Messages.text(singular.description, plural.description, count: count, values, in: Messages.language)
}
