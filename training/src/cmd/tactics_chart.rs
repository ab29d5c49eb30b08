//! The chart of `broadside tactics --out`: one bar per tactic, the Elo lost when it is
//! forbidden, with its 95% interval as a whisker; a plain SVG file.

use std::fmt::Write;

use super::tactics::Report;

const ROW: f64 = 28.0;
const LEFT: f64 = 200.0;
const WIDTH: f64 = 480.0;

/// Escapes text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart of `r` as an SVG document.
pub fn chart(r: &Report) -> String {
    // The scale spans every interval, and always zero.
    let lo = r
        .tactics
        .iter()
        .map(|t| t.elo_lost - t.ci95.min(1000.0))
        .fold(0.0f64, f64::min);
    let hi = r
        .tactics
        .iter()
        .map(|t| t.elo_lost + t.ci95.min(1000.0))
        .fold(0.0f64, f64::max);
    let span = (hi - lo).max(1.0);
    let x = |v: f64| LEFT + (v - lo) / span * WIDTH;
    let height = 60.0 + ROW * r.tactics.len() as f64;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <text x=\"10\" y=\"18\" font-size=\"14\">{title}</text>\n\
         <line x1=\"{z}\" y1=\"28\" x2=\"{z}\" y2=\"{bottom}\" stroke=\"#888\"/>\n",
        w = LEFT + WIDTH + 40.0,
        title = esc(&format!(
            "{} / {}: Elo lost when forbidden ({}, {} games, seed {})",
            r.ruleset, r.scenario, r.agent, r.games, r.seed
        )),
        z = x(0.0),
        bottom = height - 20.0,
    );
    for (i, t) in r.tactics.iter().enumerate() {
        let y = 36.0 + ROW * i as f64;
        let (a, b) = (x(0.0).min(x(t.elo_lost)), x(0.0).max(x(t.elo_lost)));
        let ci = t.ci95.min(1000.0);
        let _ = write!(
            s,
            "<text x=\"{tx}\" y=\"{ty}\" text-anchor=\"end\">{name}</text>\n\
             <rect x=\"{a}\" y=\"{y}\" width=\"{w}\" height=\"16\" fill=\"{fill}\"/>\n\
             <line x1=\"{l}\" y1=\"{m}\" x2=\"{h}\" y2=\"{m}\" stroke=\"#000\"/>\n\
             <text x=\"{lab}\" y=\"{ty}\">{v:+.0}</text>\n",
            tx = LEFT - 8.0,
            ty = y + 12.0,
            name = esc(t.info.name),
            w = (b - a).max(1.0),
            fill = if t.elo_lost >= 0.0 {
                "#4a7ab0"
            } else {
                "#c0504d"
            },
            l = x(t.elo_lost - ci),
            h = x(t.elo_lost + ci),
            m = y + 8.0,
            lab = x(t.elo_lost + ci) + 4.0,
            v = t.elo_lost,
        );
    }
    s.push_str("</svg>\n");
    s
}
