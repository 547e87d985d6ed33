/// The 42 currencies Coffer knows, in the order the sheet shows them.
///
/// Minor units come from ISO 4217 as written here, not from ICU: ICU gives some
/// currencies (IDR, KRW) digits that banks and ISO do not use.
package enum Catalog {
  package static let all: [Currency] = table.enumerated().map { index, row in
    Currency(index: index, code: row.code, minorUnits: row.minorUnits)
  }

  package static var count: Int { all.count }

  /// The currency with this code, in any letter case.
  package static func currency(_ code: String) -> Currency? {
    var code = code
    return code.withUTF8 { bytes in
      bytes.count == 3 ? currency(letters: bytes[0], bytes[1], bytes[2]) : nil
    }
  }

  /// The currency whose code is these three letters, in any letter case.
  package static func currency(letters a: UInt8, _ b: UInt8, _ c: UInt8) -> Currency? {
    guard let slot = slot(a, b, c) else { return nil }
    let index = Int(indexBySlot[slot])
    return index < 0 ? nil : all[index]
  }

  /// Three letters (any case) as a number below 26³; nil for anything else.
  private static func slot(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
    func letter(_ byte: UInt8) -> Int? {
      let upper = byte & 0xDF
      return upper >= 65 && upper <= 90 ? Int(upper - 65) : nil
    }
    guard let x = letter(a), let y = letter(b), let z = letter(c) else { return nil }
    return (x * 26 + y) * 26 + z
  }

  package static let cny = all[0]
  package static let eur = all[2]

  /// Catalog index per three-letter slot, -1 where no currency has that code: a code
  /// is looked up on every `set`, so this avoids hashing a string.
  private static let indexBySlot: [Int8] = {
    var table = [Int8](repeating: -1, count: 26 * 26 * 26)
    for currency in all {
      let bytes = Array(currency.code.utf8)
      if let slot = slot(bytes[0], bytes[1], bytes[2]) { table[slot] = Int8(currency.index) }
    }
    return table
  }()

  /// A currency's line of `table`.
  typealias Row = (
    code: String, english: String, chinese: String, traditional: String, symbol: String, minorUnits: Int
  )

  /// Each currency's code, names, symbol and minor units. `chinese` is the name in
  /// Simplified script, as the mainland and Singapore write it; `traditional` the name in
  /// Traditional script, as Taiwan writes it where the places differ (沙烏地, 卡達, 汶萊):
  /// not always the Simplified name's characters converted (新西兰元 is 紐西蘭元, 日元 日圓).
  static let table: [Row] = [
    ("CNY", "Chinese Yuan", "人民币", "人民幣", "¥", 2),
    ("USD", "US Dollar", "美元", "美元", "$", 2),
    ("EUR", "Euro", "欧元", "歐元", "€", 2),
    ("JPY", "Japanese Yen", "日元", "日圓", "JP¥", 0),
    ("GBP", "British Pound", "英镑", "英鎊", "£", 2),
    ("HKD", "Hong Kong Dollar", "港币", "港幣", "HK$", 2),
    ("MOP", "Macanese Pataca", "澳门元", "澳門元", "MOP$", 2),
    ("TWD", "New Taiwan Dollar", "新台币", "新臺幣", "NT$", 2),
    ("KRW", "South Korean Won", "韩元", "韓元", "₩", 0),
    ("SGD", "Singapore Dollar", "新加坡元", "新加坡元", "S$", 2),
    ("AUD", "Australian Dollar", "澳大利亚元", "澳大利亞元", "A$", 2),
    ("NZD", "New Zealand Dollar", "新西兰元", "紐西蘭元", "NZ$", 2),
    ("CAD", "Canadian Dollar", "加拿大元", "加拿大元", "C$", 2),
    ("CHF", "Swiss Franc", "瑞士法郎", "瑞士法郎", "CHF", 2),
    ("SEK", "Swedish Krona", "瑞典克朗", "瑞典克朗", "kr", 2),
    ("NOK", "Norwegian Krone", "挪威克朗", "挪威克朗", "kr", 2),
    ("DKK", "Danish Krone", "丹麦克朗", "丹麥克朗", "kr", 2),
    ("PLN", "Polish Zloty", "波兰兹罗提", "波蘭茲羅提", "zł", 2),
    ("CZK", "Czech Koruna", "捷克克朗", "捷克克朗", "Kč", 2),
    ("HUF", "Hungarian Forint", "匈牙利福林", "匈牙利福林", "Ft", 2),
    ("RUB", "Russian Ruble", "俄罗斯卢布", "俄羅斯盧布", "₽", 2),
    ("TRY", "Turkish Lira", "土耳其里拉", "土耳其里拉", "₺", 2),
    ("ILS", "Israeli New Shekel", "以色列新谢克尔", "以色列新謝克爾", "₪", 2),
    ("AED", "UAE Dirham", "阿联酋迪拉姆", "阿聯酋迪拉姆", "AED", 2),
    ("SAR", "Saudi Riyal", "沙特里亚尔", "沙烏地里亞爾", "SAR", 2),
    ("QAR", "Qatari Riyal", "卡塔尔里亚尔", "卡達里亞爾", "QAR", 2),
    ("KWD", "Kuwaiti Dinar", "科威特第纳尔", "科威特第納爾", "KD", 3),
    ("INR", "Indian Rupee", "印度卢比", "印度盧比", "₹", 2),
    ("PKR", "Pakistani Rupee", "巴基斯坦卢比", "巴基斯坦盧比", "₨", 2),
    ("NPR", "Nepalese Rupee", "尼泊尔卢比", "尼泊爾盧比", "रू", 2),
    ("THB", "Thai Baht", "泰铢", "泰銖", "฿", 2),
    ("MYR", "Malaysian Ringgit", "马来西亚林吉特", "馬來西亞令吉", "RM", 2),
    ("IDR", "Indonesian Rupiah", "印度尼西亚卢比", "印尼盾", "Rp", 2),
    ("PHP", "Philippine Peso", "菲律宾比索", "菲律賓披索", "₱", 2),
    ("VND", "Vietnamese Dong", "越南盾", "越南盾", "₫", 0),
    ("KHR", "Cambodian Riel", "柬埔寨瑞尔", "柬埔寨瑞爾", "៛", 2),
    ("MNT", "Mongolian Tugrik", "蒙古图格里克", "蒙古圖格里克", "₮", 2),
    ("BND", "Brunei Dollar", "文莱元", "汶萊元", "B$", 2),
    ("RSD", "Serbian Dinar", "塞尔维亚第纳尔", "塞爾維亞第納爾", "дин", 2),
    ("BRL", "Brazilian Real", "巴西雷亚尔", "巴西雷亞爾", "R$", 2),
    ("MXN", "Mexican Peso", "墨西哥比索", "墨西哥披索", "MX$", 2),
    ("ZAR", "South African Rand", "南非兰特", "南非蘭特", "R", 2),
  ]
}
