@testable import MemoQuizKit

/// An Anki collection in the legacy schema (`collection.anki2`), made in
/// the test: the tables, the Basic note type and one deck; the caller adds
/// its notes, cards and reviews as statements.
enum LegacyCollection {
  /// The statements that create the collection's tables and its `col` row.
  /// - Parameters:
  ///   - created: Anki's `crt`, in seconds since 1970.
  ///   - configuration: the `conf` column's JSON (`rollover`, `creationOffset`).
  ///   - deck: the name of deck 1.
  ///   - revlog: whether the `revlog` table is made here.
  static func tables(created: Int = 0, configuration: String = "{}", deck: String = "Default", revlog: Bool = true)
    -> [String]
  {
    let models =
      #"{"1":{"name":"Basic","type":0,"flds":[{"name":"Front","ord":0},{"name":"Back","ord":1}],"tmpls":[]}}"#
    return [
      "CREATE TABLE col (id integer primary key, crt, mod, scm, ver, dty, usn, ls, conf text, models text, "
        + "decks text, dconf, tags)",
      "INSERT INTO col VALUES (1, \(created), 0, 0, 11, 0, 0, 0, '\(configuration)', '\(models)', "
        + "'{\"1\":{\"name\":\"\(deck)\"}}', '{}', '{}')",
      "CREATE TABLE notes (id integer primary key, guid text, mid integer, mod, usn, tags text, flds text, sfld, "
        + "csum, flags, data)",
      "CREATE TABLE cards (id integer primary key, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, "
        + "lapses, left, odue, odid, flags, data)",
    ]
      + (revlog
        ? [
          "CREATE TABLE revlog (id integer primary key, cid integer, usn, ease integer, ivl integer, lastIvl, "
            + "factor, time integer, type integer)"
        ] : [])
  }

  /// The collection's bytes after `statements`.
  static func bytes(_ statements: [String]) throws -> [UInt8] {
    let database = try SQLiteWriter()
    for statement in statements { try database.execute(statement) }
    return try database.bytes()
  }

  /// A legacy package holding only the collection made by `statements`.
  static func package(_ statements: [String]) throws -> [UInt8] {
    HostilePackage.zip([HostilePackage.Entry(name: "collection.anki2", stored: try bytes(statements))])
  }
}
