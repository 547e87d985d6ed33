#!/usr/bin/env python3
"""Writes the benchmark inputs into a folder: the P2 scripts for Coffer (1M and 10k
lines) and the same work as SQL for the sqlite3 shell, with its databases."""
import random, sqlite3, sys, pathlib

folder = pathlib.Path(sys.argv[1])
codes = ("USD EUR JPY GBP HKD MOP TWD KRW SGD AUD NZD CAD CHF SEK NOK DKK PLN CZK HUF RUB TRY ILS "
         "AED SAR QAR KWD INR PKR NPR THB MYR IDR PHP VND KHR MNT BND RSD BRL MXN ZAR").split()
no_minor, three = {"JPY", "KRW", "VND"}, {"KWD"}
catalog = ["CNY"] + codes

def amount(rng, code):
    if code in no_minor:
        return str(rng.randint(0, 9_999_999))
    if code in three:
        return f"{rng.randint(0, 99_999)}.{rng.randint(0, 999):03d}"
    return f"{rng.randint(0, 99_999)}.{rng.randint(0, 99):02d}"

total_sql = ("SELECT round(sum(CAST(h.amount AS REAL) * l.rate / r.rate), 2) FROM holding h "
             "JOIN rate r ON r.code = h.code, rate l WHERE l.code = 'CNY';\n")

def write(lines, coffer_path, sql_path):
    rng = random.Random(1)
    with open(coffer_path, "w") as coffer, open(sql_path, "w") as sql:
        sql.write("BEGIN;\n")
        for i in range(1, lines + 1):
            if i % 100 == 0:
                coffer.write("print total()\n")
                sql.write(total_sql)
            else:
                code = codes[i % len(codes)]
                value = amount(rng, code)
                coffer.write(f"set {code} {value}\n")
                sql.write(f"UPDATE holding SET amount = '{value}' WHERE code = '{code}';\n")
        sql.write("COMMIT;\n")

write(1_000_000, folder / "p2.coffer", folder / "p2.sql")
write(10_000, folder / "p2-10k.coffer", folder / "p2-10k.sql")

def database(path, holdings):
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("CREATE TABLE holding (code TEXT PRIMARY KEY, amount TEXT NOT NULL)")
    db.execute("CREATE TABLE rate (code TEXT PRIMARY KEY, rate REAL NOT NULL)")
    rates = {"CNY": 7.4326, "USD": 1.1172, "EUR": 1.0, "JPY": 175.68}
    for code in catalog:
        db.execute("INSERT INTO holding VALUES (?, ?)", (code, holdings.get(code, "0")))
        db.execute("INSERT INTO rate VALUES (?, ?)", (code, rates.get(code, 1.5)))
    db.commit()
    db.close()

database(folder / "p1-sqlite.db", {"USD": "1200", "EUR": "300", "JPY": "150000"})
database(folder / "p2-base.db", {})

# P4/P5: the ECB history, unzipped for sqlite3's .import, and written as ledger price
# lines (each currency's price in CNY per day, from the same EUR-based rows) with a
# journal of three holdings.
import csv, io, zipfile
from decimal import Decimal, getcontext
getcontext().prec = 34
archive = zipfile.ZipFile(pathlib.Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "eurofxref-hist.zip")
text = archive.read("eurofxref-hist.csv").decode()
(folder / "eurofxref-hist.csv").write_text(text)
rows = list(csv.reader(io.StringIO(text)))
header = [h.strip() for h in rows[0]]
with open(folder / "prices.db", "w") as prices:
    for row in rows[1:]:
        values = dict(zip(header, (v.strip() for v in row)))
        if values.get("CNY") in (None, "", "N/A"):
            continue
        cny = Decimal(values["CNY"])
        day = values["Date"].replace("-", "/")
        prices.write(f"P {day} EUR {cny} CNY\n")
        for code in header[1:]:
            if code in ("", "CNY") or code not in catalog or values.get(code) in (None, "", "N/A"):
                continue
            prices.write(f"P {day} {code} {(cny / Decimal(values[code])):.10f} CNY\n")
(folder / "holdings.ledger").write_text(
    "2000/01/03 Opening balances\n"
    "    Assets:Cash    1234.56 USD\n"
    "    Assets:Cash    98765 JPY\n"
    "    Assets:Cash    500 GBP\n"
    "    Equity:Opening\n")

# History: 500,000 dated balances (every currency but the local one, every day from
# 1993-03-16 to 2026-11-22), in random order, as `holdings import` and sqlite3's
# `.import` both read them.
import datetime
rng = random.Random(23)
first = datetime.date(2026, 11, 22) - datetime.timedelta(days=500_000 // len(codes))
days = [(first + datetime.timedelta(days=n)).isoformat() for n in range(500_000 // len(codes) + 1)]
balances = [(day, code) for day in days for code in codes][-500_000:]
rng.shuffle(balances)
# Each file's short twin holds only each holding's latest row: the same holdings, with the
# same amounts today, on a journal of a few dozen entries (what H1 is compared with).
def write_with_short_twin(name, header, rows):
    latest = {}
    with open(folder / name, "w") as out:
        out.write(header)
        for day, key, line in rows:
            out.write(line)
            if key not in latest or latest[key][0] < day:
                latest[key] = (day, line)
    with open(folder / name.replace(".csv", "-short.csv"), "w") as out:
        out.write(header)
        for key in sorted(latest):
            out.write(latest[key][1])

history = [(day, code, amount(rng, code)) for day, code in balances]
write_with_short_twin("holdings.csv", "date,code,amount\n",
                      ((day, code, f"{day},{code},{value}\n") for day, code, value in history))
# The same balances spread over places (SPEC §11): each at the unnamed place, "wise" or
# "招商银行", drawn at random; a holding is then a currency at a place, 123 of them.
places = ["", "wise", "招商银行"]
def placed_rows():
    for day, code in balances:
        value, place = amount(rng, code), rng.choice(places)
        yield day, (code, place), f"{day},{code},{value},{place}\n"
write_with_short_twin("holdings-places.csv", "date,code,amount,place\n", placed_rows())

# The same history as the rows Coffer's journal holds after `holdings import` (each with
# the amount before it) and the rows its derived tables hold, for the sqlite3 shell to do
# H3's writing (`.import` into those tables, then the journal's two indexes); and as the
# 500,000 INSERT statements a line at a time that H4's replay amounts to, a transaction a
# holding, as the dump's `save` lines make them.
epoch = datetime.date(1970, 1, 1)
entries = sorted(history, key=lambda row: (row[1], row[0]))
before, month_end, latest = {}, {}, {}
with open(folder / "journal.csv", "w") as journal, open(folder / "journal-lines.sql", "w") as lines:
    lines.write("BEGIN;\n")
    for number, (day, code, value) in enumerate(entries, 1):
        effective = (datetime.date.fromisoformat(day) - epoch).days
        old = before.get(code, "0")
        journal.write(f"{number},2026-11-22T10:00:00Z,0,{effective},{code},,{old},{value},0\n")
        if number > 1 and entries[number - 2][1] != code:
            lines.write("COMMIT;\nBEGIN;\n")
        lines.write("INSERT INTO journal (entered, utc_offset, effective, code, place, old, new) "
                    f"VALUES ('2026-11-22T10:00:00Z', 0, {effective}, '{code}', '', '{old}', '{value}');\n")
        before[code] = value
        month_end[(code, int(day[:4] + day[5:7]))] = (effective, number, value)
        latest[code] = (value, effective, number)
    lines.write("COMMIT;\n")
with open(folder / "journal-month-end.csv", "w") as out:
    for (code, month), (effective, number, value) in sorted(month_end.items()):
        out.write(f"{code},,{month},{effective},{number},{value}\n")
with open(folder / "journal-holding.csv", "w") as out:
    for code, (value, effective, number) in sorted(latest.items()):
        out.write(f"{code},,{value},{effective},{number}\n")
