extension AnkiPackageWriter {
  /// The sounds the groups' questions name, in the order they first come.
  var soundNames: [String] {
    var seen = Set<String>()
    var names: [String] = []
    for group in groups {
      for question in group.questions {
        for text in [question.prompt, question.answer, question.cloze ?? ""] where text.contains("[sound:") {
          for name in SoundText.names(in: text) where seen.insert(name).inserted { names.append(name) }
        }
      }
    }
    return names
  }

  /// Adds the media files and Anki's legacy media map (`{"0": "cat.mp3"}`,
  /// each file stored under its number): the sounds the questions name that
  /// ``media`` holds.
  func addMedia(to zip: inout ZipWriter) throws(AnkiPackageError) {
    var map: [UInt8] = Array("{".utf8)
    var count = 0
    if let media {
      for name in soundNames {
        guard let path = media.file(named: name), media.contains(name) else { continue }
        let bytes: [UInt8]
        do {
          guard let read = try DurableFile.read(path, limit: MediaFolder.maximumFileSize) else { continue }
          bytes = read
        } catch {
          throw .system("cannot read \(path): \(error)")
        }
        try zip.add(String(count), bytes)
        if count > 0 { map += Array(", ".utf8) }
        JSONText.appendString(String(count), to: &map)
        map += Array(": ".utf8)
        JSONText.appendString(name, to: &map)
        count += 1
      }
    }
    map += Array("}".utf8)
    try zip.add("media", map)
  }
}
