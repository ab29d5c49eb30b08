//! The page's files, built into the binary: nothing else is installed, and only these names
//! are served (no path reaches the file system).

/// `(path, content type, body)` of every file the page has.
pub const FILES: [(&str, &str, &str); 4] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/app.js"),
    ),
    (
        "/puzzles.js",
        "text/javascript; charset=utf-8",
        include_str!("../../web/puzzles.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
];

/// The file served at `path`, if there is one.
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(_, kind, body)| (kind, body))
}
