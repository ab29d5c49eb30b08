//! `broadside serve` over HTTP: the binary started on port 0, its URL read from its first
//! line, and its JSON API driven by a small HTTP/1.1 client over loopback — games of every
//! ruleset played to the end with random legal orders, replays, analysis and the mistake
//! check, every kind of bad request refused with a 4xx and a plain message (the game
//! unchanged, the server alive), and a seconds-long load of 50 games in parallel
//! (`scripts/serve_load.sh` runs the minute-long one).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running server, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the broadside binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("the server prints its URL");
    let addr = line
        .trim()
        .strip_prefix("http://")
        .and_then(|r| r.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not a URL: {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "bound to loopback: {addr}");
    Server { child, addr }
}

/// One response: status, headers (lower-case names) and body.
struct Reply {
    status: u16,
    headers: String,
    body: Vec<u8>,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "status {}: not JSON ({e}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
    /// The plain message of a refusal.
    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {}", String::from_utf8_lossy(&self.body)))
            .to_string()
    }
}

/// Sends one request on a fresh connection (`Connection: close`) and reads the whole reply.
fn request(s: &Server, method: &str, path: &str, body: Option<&[u8]>) -> Reply {
    request_as(s, method, path, body, "application/json")
}

/// [`request`] with another content type.
fn request_as(s: &Server, method: &str, path: &str, body: Option<&[u8]>, kind: &str) -> Reply {
    let body = body.unwrap_or(b"");
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n",
        s.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    // The body goes from a thread of its own: a server may answer (413) before reading a
    // large body and close, and the reply must be read meanwhile.
    let mut writer = stream.try_clone().expect("clone the stream");
    let body = body.to_vec();
    let sender = std::thread::spawn(move || {
        let _ = writer.write_all(&body);
    });
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let _ = stream.shutdown(std::net::Shutdown::Both);
    let _ = sender.join();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("{method} {path}: no complete reply ({} bytes)", raw.len()));
    let headers = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let status: u16 = headers
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status code");
    let mut payload = raw[split + 4..].to_vec();
    if headers.contains("transfer-encoding: chunked") {
        payload = unchunk(&payload);
    }
    Reply {
        status,
        headers,
        body: payload,
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[end + 4 + size..];
    }
}

/// A GET naming another host, as a page of another site would after DNS rebinding.
fn get_with_host(s: &Server, path: &str, host: &str) -> Reply {
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).expect("write");
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").expect("a complete reply");
    Reply {
        status: head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .expect("a status"),
        headers: head.to_ascii_lowercase(),
        body: body.as_bytes().to_vec(),
    }
}

fn get(s: &Server, path: &str) -> Reply {
    request(s, "GET", path, None)
}

fn post(s: &Server, path: &str, body: &Value) -> Reply {
    request(s, "POST", path, Some(body.to_string().as_bytes()))
}

fn ok(r: Reply) -> Value {
    assert_eq!(
        r.status,
        200,
        "{}",
        String::from_utf8_lossy(&r.body)
            .chars()
            .take(500)
            .collect::<String>()
    );
    r.json()
}

/// A small deterministic generator for the random orders.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Waits until the admiral has moved (its search runs off the request thread).
fn settled(s: &Server, mut view: Value) -> Value {
    let id = view["id"].as_u64().expect("an id");
    let start = Instant::now();
    while view["to_move"] == "admiral" || view["to_move"] == "chance" {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the admiral never moved"
        );
        std::thread::sleep(Duration::from_millis(5));
        view = ok(get(s, &format!("/api/games/{id}")));
    }
    view
}

/// A random legal order of the view, never the resignation.
fn random_order(view: &Value, rng: &mut Lcg) -> u64 {
    let orders: Vec<&Value> = view["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .filter(|o| o["name"] != "resign")
        .collect();
    assert!(
        !orders.is_empty(),
        "no legal order: {}",
        view["board"]["text"]
    );
    orders[rng.below(orders.len())]["action"]
        .as_u64()
        .expect("an action")
}

/// Sends `raw` bytes on a fresh connection and reads until the server closes it (or 30 s
/// pass): the reply, and how long the server took to close.
fn raw_exchange(addr: &str, raw: &[u8]) -> (String, Duration) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    stream.write_all(raw).expect("write");
    let start = Instant::now();
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    (
        String::from_utf8_lossy(&reply).into_owned(),
        start.elapsed(),
    )
}

/// The JSON refusal's status and message in a raw reply.
fn raw_refusal(reply: &str) -> (u16, String) {
    let (head, body) = reply.split_once("\r\n\r\n").expect("a complete reply");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let body: Value = serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("a refusal carries JSON ({e}): {reply:?}"));
    let error = body["error"]
        .as_str()
        .expect("an error message")
        .to_string();
    (status, error)
}

#[test]
fn requests_that_are_ambiguous_oversized_slow_or_silent_are_refused_or_closed() {
    let s = serve();
    // A connection that never sends a request, and one whose body stops short, each run on a
    // thread of its own while the quick checks go on: both end within the server's limits
    // (10 s), not when the client gives up.
    let addr = s.addr.clone();
    let silent = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(&addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let start = Instant::now();
        let mut reply = Vec::new();
        let _ = stream.read_to_end(&mut reply);
        start.elapsed()
    });
    let short = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{{}}",
        s.addr
    );
    let addr = s.addr.clone();
    let slow = std::thread::spawn(move || raw_exchange(&addr, short.as_bytes()));

    // RFC 9112: more than one Host header is a 400, even when the first one is this machine.
    let (reply, _) = raw_exchange(
        &s.addr,
        format!(
            "GET /api/rulesets HTTP/1.1\r\nHost: {}\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
            s.addr
        )
        .as_bytes(),
    );
    let (status, error) = raw_refusal(&reply);
    assert_eq!(status, 400, "{reply}");
    assert!(error.contains("one `Host` header"), "{error}");

    // A declared body over the limit is refused before a byte of it is sent.
    let (reply, took) = raw_exchange(
        &s.addr,
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n",
            s.addr
        )
        .as_bytes(),
    );
    let (status, error) = raw_refusal(&reply);
    assert_eq!(status, 413, "{reply}");
    assert!(error.contains("999999999"), "{error}");
    assert!(
        took < Duration::from_secs(5),
        "refused at once, not {took:?}"
    );

    // A method a route does not take: a 405 with the JSON body every refusal has.
    let refused = get(&s, "/api/games");
    assert_eq!(refused.status, 405);
    assert!(
        refused.headers.contains("allow: post"),
        "{}",
        refused.headers
    );
    assert!(
        refused.error().contains("does not take GET"),
        "{}",
        refused.error()
    );

    let (reply, took) = slow.join().expect("the slow client");
    let (status, error) = raw_refusal(&reply);
    assert_eq!(status, 408, "{reply}");
    assert!(error.contains("did not arrive"), "{error}");
    assert!(took < Duration::from_secs(20), "{took:?}");
    let took = silent.join().expect("the silent client");
    assert!(
        took < Duration::from_secs(20),
        "a silent connection is closed by the server, not kept: {took:?}"
    );
    // The server serves on.
    ok(get(&s, "/api/rulesets"));
}

#[test]
fn the_page_and_its_files_are_served_and_nothing_else() {
    let s = serve();
    let page = get(&s, "/");
    assert_eq!(page.status, 200);
    assert!(page.headers.contains("content-type: text/html"));
    let html = String::from_utf8_lossy(&page.body);
    assert!(html.contains("/app.js") && html.contains("id=\"board\""));
    for f in ["/app.js", "/style.css", "/index.html"] {
        assert_eq!(get(&s, f).status, 200, "{f}");
    }
    for bad in [
        "/../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/web/app.js",
        "/api/nothing",
        "/src/main.rs",
    ] {
        let r = get(&s, bad);
        assert_eq!(r.status, 404, "{bad}");
        assert!(r.error().contains("nothing at"), "{bad}: {}", r.error());
    }
}

#[test]
fn every_registered_ruleset_is_listed_with_its_scenarios_and_admirals() {
    let s = serve();
    let list = ok(get(&s, "/api/rulesets"));
    let names: Vec<&str> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["name"].as_str().expect("a name"))
        .collect();
    let registered: Vec<&str> = broadside_env::ruleset::rulesets()
        .iter()
        .map(|r| r.name)
        .collect();
    assert_eq!(names, registered);
    for r in list.as_array().expect("a list") {
        assert!(!r["scenarios"].as_array().expect("scenarios").is_empty());
        assert!(r["admirals"]
            .as_array()
            .expect("admirals")
            .iter()
            .any(|a| a == "random"));
        assert!(!r["default_admiral"].as_str().unwrap_or("").is_empty());
    }
}

#[test]
fn a_game_of_every_ruleset_plays_to_the_end_and_replays_to_the_same_result() {
    let s = serve();
    let mut rng = Lcg(7);
    for r in broadside_env::ruleset::rulesets() {
        // The smallest built-in scenario keeps the game short.
        let scenarios = broadside_env::ruleset::scenarios(r.name).expect("scenarios");
        let smallest = scenarios
            .iter()
            .min_by_key(|s| s.info().ships)
            .expect("a scenario")
            .info();
        let mut view = ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": r.name, "scenario": smallest.id, "admiral": "random", "seed": 3}),
        ));
        let id = view["id"].as_u64().expect("an id");
        assert_eq!(view["ruleset"], r.name);
        let mut orders = 0;
        loop {
            view = settled(&s, view);
            if view["to_move"] == "over" {
                break;
            }
            assert_eq!(view["to_move"], "you");
            if orders >= 3000 {
                // Long enough: resign when it is allowed, else keep playing.
                if let Some(resign) = view["orders"]
                    .as_array()
                    .and_then(|o| o.iter().find(|o| o["name"] == "resign"))
                {
                    let a = resign["action"].clone();
                    view = ok(post(
                        &s,
                        &format!("/api/games/{id}/order"),
                        &json!({"action": a}),
                    ));
                    continue;
                }
            }
            let a = random_order(&view, &mut rng);
            view = ok(post(
                &s,
                &format!("/api/games/{id}/order"),
                &json!({"action": a}),
            ));
            orders += 1;
            if orders == 6000 {
                // A ruleset without resignation whose random game runs on: stop here; the
                // replay below checks the game so far.
                break;
            }
        }
        let finished = view["to_move"] == "over";
        let has_resign = view["orders"]
            .as_array()
            .is_some_and(|o| o.iter().any(|o| o["name"] == "resign"));
        assert!(finished || !has_resign, "{}: the game did not end", r.name);
        if finished {
            assert!(view["result"].as_str().is_some_and(|t| !t.is_empty()));
            let returns = view["returns"].as_array().expect("returns");
            assert_eq!(returns.len(), 2);
        }
        // The saved game reads back as a replay with every action, ending where it ended.
        let saved = get(&s, &format!("/api/games/{id}/saved"));
        assert_eq!(saved.status, 200);
        assert!(saved.headers.contains("content-disposition: attachment"));
        let replay = ok(request(&s, "POST", "/api/replays", Some(&saved.body)));
        let steps = replay["steps"].as_u64().expect("steps");
        assert_eq!(steps, view["actions"].as_u64().expect("actions"));
        let rid = replay["id"].as_u64().expect("an id");
        let last = ok(get(&s, &format!("/api/replays/{rid}/{steps}")));
        assert_eq!(last["result"], view["result"], "{}", r.name);
        assert!(!last["log"].as_array().expect("a log").is_empty());
        let turns = last["turns"].as_array().expect("turns");
        assert!(turns.first().is_some_and(|t| t["step"] == 0));
        // Every turn mark is a position of the game.
        for t in turns {
            let k = t["step"].as_u64().expect("a step");
            assert!(k <= steps);
        }
        let mid = ok(get(&s, &format!("/api/replays/{rid}/{}", steps / 2)));
        assert_eq!(mid["step"], steps / 2);
        // The same game opened from the play session replays alike.
        let again = ok(request(
            &s,
            "POST",
            &format!("/api/games/{id}/replay"),
            None,
        ));
        assert_eq!(again["steps"], steps);
        // A resumed game goes on from the saved position.
        let saved_json: Value = serde_json::from_slice(&saved.body).expect("a saved game");
        let resumed = ok(post(
            &s,
            "/api/games",
            &json!({"saved": saved_json, "admiral": "random"}),
        ));
        assert_eq!(resumed["actions"].as_u64(), Some(steps));
        if finished {
            assert_eq!(resumed["to_move"], "over");
        }
    }
}

#[test]
fn orders_can_be_taken_back_until_they_are_committed_and_previews_change_nothing() {
    let s = serve();
    // WS&IM: a ship's orders are several sub-decisions, so there is something to undo.
    let mut view = settled(
        &s,
        ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": "wsim", "admiral": "random"}),
        )),
    );
    let id = view["id"].as_u64().expect("an id");
    assert_eq!(view["can_undo"], false);
    // WS&IM orders one ship at a time: the board says which, and the orders are in words
    // (the terminal's order list), not the catalogue's codes.
    let acting = view["board"]["acting"].as_u64().expect("the ship to order");
    let first = &view["orders"][0];
    assert!(
        first["text"].as_str().is_some_and(|t| t != first["name"]),
        "{first}"
    );
    assert!(view["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .all(|o| o["name"] == "resign" || o["ship"].as_u64() == Some(acting)));
    // The fields of fire of a ship: her two broadsides' hexes; a ship past the last has none.
    let fields = ok(get(&s, &format!("/api/games/{id}/fields/{acting}")));
    let fields = fields.as_array().expect("a list");
    assert_eq!(fields.len(), 2);
    assert!(fields
        .iter()
        .all(|f| !f["hexes"].as_array().expect("hexes").is_empty()));
    assert_eq!(
        ok(get(&s, &format!("/api/games/{id}/fields/99"))),
        json!([])
    );
    assert_eq!(get(&s, &format!("/api/games/{id}/fields/x")).status, 400);
    let first = view["orders"][0]["action"].as_u64().expect("an order");
    let ghost = ok(get(&s, &format!("/api/games/{id}/preview/{first}")));
    assert_eq!(ghost["kind"], "hex");
    let still = ok(get(&s, &format!("/api/games/{id}")));
    assert_eq!(still["actions"], view["actions"], "a preview plays nothing");
    let before = view["actions"].as_u64().expect("actions");
    view = ok(post(
        &s,
        &format!("/api/games/{id}/order"),
        &json!({"action": first}),
    ));
    assert_eq!(view["actions"].as_u64(), Some(before + 1));
    assert_eq!(view["can_undo"], true);
    view = ok(request(&s, "POST", &format!("/api/games/{id}/undo"), None));
    assert_eq!(view["actions"].as_u64(), Some(before));
    let refused = request(&s, "POST", &format!("/api/games/{id}/undo"), None);
    assert_eq!(refused.status, 409);
    assert!(
        refused.error().contains("nothing to undo"),
        "{}",
        refused.error()
    );
}

#[test]
fn an_illegal_order_is_refused_with_the_rule_that_forbids_it_and_changes_nothing() {
    let s = serve();
    // At the person's first decision of each ruleset, an order of another phase: refused
    // with a 409 naming the rule (the seed's own words for it), the game unchanged.
    for (ruleset, name, rule) in [
        ("fsail", "fire:0>0", "Cannon Phase"),
        ("poe", "move:ahead", "Sailing movement"),
        ("oak", "move:ahead", "movement activation"),
        ("togo", "activate:0", "Ph3"),
    ] {
        let view = settled(
            &s,
            ok(post(
                &s,
                "/api/games",
                &json!({"ruleset": ruleset, "admiral": "random"}),
            )),
        );
        assert_eq!(view["to_move"], "you", "{ruleset}");
        let id = view["id"].as_u64().expect("an id");
        let order = format!("/api/games/{id}/order");
        let r = post(&s, &order, &json!({"name": name}));
        assert_eq!(r.status, 409, "{ruleset}: {}", r.error());
        assert!(
            r.error().contains("is not allowed now") && r.error().contains(rule),
            "{ruleset}: {}",
            r.error()
        );
        let after = ok(get(&s, &format!("/api/games/{id}")));
        assert_eq!(
            after["actions"], view["actions"],
            "{ruleset}: the game changed"
        );
        // A legal order typed by name is played.
        let legal = view["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .find(|o| o["name"] != "resign")
            .expect("a legal order")["name"]
            .as_str()
            .expect("a name")
            .to_string();
        let played = ok(post(&s, &order, &json!({"name": legal.to_uppercase()})));
        assert!(
            played["actions"].as_u64() > view["actions"].as_u64(),
            "{ruleset}: `{legal}` was not played"
        );
    }
}

#[test]
fn the_admiral_s_hidden_decisions_are_not_named_in_the_log() {
    // Togo's order markers are placed face down: the log tells that the admiral placed one,
    // never which (nor its search's view of the candidates).
    let s = serve();
    let view = settled(
        &s,
        ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": "togo", "admiral": "random", "side": 0}),
        )),
    );
    let mut view = view;
    let mut rng = Lcg(7);
    for _ in 0..60 {
        if view["to_move"] != "you" {
            break;
        }
        let id = view["id"].as_u64().expect("an id");
        let a = random_order(&view, &mut rng);
        view = settled(
            &s,
            ok(post(
                &s,
                &format!("/api/games/{id}/order"),
                &json!({"action": a}),
            )),
        );
    }
    let log = view["log"].as_array().expect("a log");
    let placed = log
        .iter()
        .filter(|l| {
            l["text"]
                .as_str()
                .is_some_and(|t| t.contains("places an order marker face down"))
        })
        .count();
    assert!(placed > 0, "no enemy order marker was placed: {log:?}");
    for l in log {
        let t = l["text"].as_str().expect("text");
        assert!(
            !(t.starts_with("The admiral orders: order:")),
            "a hidden order is named: {t}"
        );
    }
}

#[test]
fn bad_requests_get_a_plain_4xx_and_leave_the_game_and_server_as_they_were() {
    let s = serve();
    let view = settled(
        &s,
        ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": "fsail", "admiral": "random"}),
        )),
    );
    let id = view["id"].as_u64().expect("an id");
    let actions = view["actions"].clone();
    let illegal = (0..2000u64)
        .find(|a| {
            !view["orders"]
                .as_array()
                .expect("orders")
                .iter()
                .any(|o| o["action"] == *a)
        })
        .expect("an illegal action");
    let order = format!("/api/games/{id}/order");
    let cases: Vec<(Reply, u16, &str)> = vec![
        (
            // Refused with the rule where the ruleset knows it, else "not a legal order".
            post(&s, &order, &json!({"action": illegal})),
            409,
            "now",
        ),
        (
            post(&s, &order, &json!({"action": 0, "name": "ship:0"})),
            400,
            "not both",
        ),
        (post(&s, &order, &json!({})), 400, "not both or neither"),
        (
            post(&s, &order, &json!({"name": "full sail"})),
            409,
            "is not an order of fsail",
        ),
        (
            post(&s, &order, &json!({"name": "x".repeat(65)})),
            409,
            "at most 64 characters",
        ),
        (
            post(&s, &order, &json!({"action": 65536})),
            409,
            "outside the orders",
        ),
        (
            post(&s, &order, &json!({"action": -1})),
            400,
            "request body",
        ),
        (
            post(&s, &order, &json!({"action": 1.5})),
            400,
            "request body",
        ),
        (post(&s, &order, &json!({"act": 1})), 400, "unknown field"),
        (
            request(&s, "POST", &order, Some(b"{not json")),
            400,
            "request body",
        ),
        (
            request(&s, "POST", &order, Some(&[0xff, 0xfe])),
            400,
            "request body",
        ),
        (
            post(&s, "/api/games/99999/order", &json!({"action": 0})),
            404,
            "no game",
        ),
        (
            post(&s, "/api/games/abc/order", &json!({"action": 0})),
            400,
            "not an id",
        ),
        (
            get(&s, &format!("/api/games/{id}/preview/{illegal}")),
            409,
            "not a legal order",
        ),
        (
            get(&s, &format!("/api/games/{id}/preview/x")),
            400,
            "not an action",
        ),
        (
            post(&s, "/api/games", &json!({"ruleset": "chess"})),
            400,
            "unknown ruleset",
        ),
        (
            post(
                &s,
                "/api/games",
                &json!({"ruleset": "wsim", "scenario": "/etc/passwd"}),
            ),
            400,
            "not a built-in scenario",
        ),
        (
            post(
                &s,
                "/api/games",
                &json!({"ruleset": "wsim", "scenario": "nowhere"}),
            ),
            400,
            "nowhere",
        ),
        (
            post(&s, "/api/games", &json!({"side": 2})),
            400,
            "the sides are 0 and 1",
        ),
        (
            post(&s, "/api/games", &json!({"side": 300})),
            400,
            "request body",
        ),
        (
            post(&s, "/api/games", &json!({"level": "godlike"})),
            400,
            "unknown level",
        ),
        (
            post(&s, "/api/games", &json!({"admiral": "nelson"})),
            400,
            "unknown admiral",
        ),
        (
            post(
                &s,
                "/api/games",
                &json!({"admiral": "net:path=/etc/passwd"}),
            ),
            400,
            "not offered",
        ),
        (
            post(&s, "/api/games", &json!({"admiral": "mcts:time=3600000"})),
            400,
            "at most",
        ),
        (
            post(&s, "/api/games", &json!({"admiral": "mcts:threads=64"})),
            400,
            "threads",
        ),
        (
            post(
                &s,
                "/api/games",
                &json!({"admiral": "random", "level": "easy"}),
            ),
            400,
            "not both",
        ),
        (
            post(&s, "/api/games", &json!({"saved": {"format": "x"}})),
            400,
            "saved game",
        ),
        (
            request(&s, "POST", "/api/replays", Some(b"[]")),
            400,
            "uploaded game",
        ),
        (
            request(&s, "POST", "/api/replays", Some(&vec![b' '; 17 << 20])),
            413,
            "the most accepted is",
        ),
        (get(&s, "/api/replays/5/0"), 404, "no replay"),
        (post(&s, "/api/analysis", &json!({})), 400, "name a `game`"),
        (
            post(&s, "/api/analysis", &json!({"game": id, "time_ms": 5})),
            400,
            "between",
        ),
        (
            post(
                &s,
                "/api/analysis",
                &json!({"game": id, "time_ms": 99999999}),
            ),
            400,
            "between",
        ),
        (
            post(&s, "/api/mistakes", &json!({"replay": 1, "side": 3})),
            400,
            "side",
        ),
        (get(&s, "/api/jobs/123456"), 404, "no job"),
        (
            get_with_host(&s, "/api/rulesets", "rebound.example:8080"),
            421,
            "this machine only",
        ),
        (
            request_as(&s, "POST", &order, Some(b"{\"action\": 0}"), "text/plain"),
            415,
            "Content-Type: application/json",
        ),
    ];
    for (k, (reply, status, words)) in cases.into_iter().enumerate() {
        assert_eq!(
            reply.status,
            status,
            "case {k}: {}",
            String::from_utf8_lossy(&reply.body)
        );
        let e = reply.error();
        assert!(e.contains(words), "case {k}: {e}");
    }
    let after = ok(get(&s, &format!("/api/games/{id}")));
    assert_eq!(after["actions"], actions, "the refusals changed the game");
    assert_eq!(
        ok(get(&s, "/api/rulesets")).as_array().map(Vec::len),
        Some(broadside_env::ruleset::rulesets().len())
    );
}

fn finish_job(s: &Server, job: Value) -> Value {
    let id = job["id"].as_u64().expect("a job id");
    let start = Instant::now();
    let mut job = job;
    while job["finished"] != true {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the job never ended"
        );
        std::thread::sleep(Duration::from_millis(20));
        job = ok(get(s, &format!("/api/jobs/{id}")));
        assert!(job["done"].as_u64() <= job["total"].as_u64());
    }
    assert!(job["error"].is_null(), "{}", job["error"]);
    job["result"].clone()
}

#[test]
fn the_engine_ranks_the_candidates_of_a_position_and_checks_a_game_for_mistakes() {
    let s = serve();
    let mut rng = Lcg(11);
    let mut view = settled(
        &s,
        ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": "poe", "admiral": "random"}),
        )),
    );
    let id = view["id"].as_u64().expect("an id");
    let a = ok(post(
        &s,
        "/api/analysis",
        &json!({"game": id, "time_ms": 200}),
    ));
    assert_eq!(a["kind"], "analysis");
    let result = finish_job(&s, a);
    let cands = result["candidates"].as_array().expect("candidates");
    let legal: Vec<&Value> = view["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .map(|o| &o["action"])
        .collect();
    assert_eq!(cands.len(), legal.len(), "every legal order is a candidate");
    for c in cands {
        assert!(legal.contains(&&c["action"]));
        let w = c["win"].as_f64().expect("a win probability");
        assert!((0.0..=1.0).contains(&w));
        assert!((w - (c["value"].as_f64().expect("a value") + 1.0) / 2.0).abs() < 1e-9);
    }
    assert!(result["simulations"].as_u64() > Some(0));
    // Two searches at once at most: a third is asked to wait, and the two end normally.
    let busy: Vec<Reply> = (0..3)
        .map(|_| post(&s, "/api/analysis", &json!({"game": id, "time_ms": 1500})))
        .collect();
    assert_eq!(
        busy[2].status,
        429,
        "{}",
        String::from_utf8_lossy(&busy[2].body)
    );
    assert!(busy[2].error().contains("busy"));
    for b in busy.into_iter().take(2) {
        finish_job(&s, ok(b));
    }
    let again = ok(post(
        &s,
        "/api/analysis",
        &json!({"game": id, "time_ms": 20}),
    ));
    finish_job(&s, again);
    let w0 = result["win0"].as_f64().expect("an evaluation");
    assert!((0.0..=1.0).contains(&w0));
    for _ in 0..12 {
        if view["to_move"] == "over" {
            break;
        }
        let a = random_order(&view, &mut rng);
        view = settled(
            &s,
            ok(post(
                &s,
                &format!("/api/games/{id}/order"),
                &json!({"action": a}),
            )),
        );
    }
    let replay = ok(request(
        &s,
        "POST",
        &format!("/api/games/{id}/replay"),
        None,
    ));
    let rid = replay["id"].as_u64().expect("an id");
    let job = ok(post(
        &s,
        "/api/mistakes",
        &json!({"replay": rid, "side": 0, "time_ms": 20}),
    ));
    let report = finish_job(&s, job);
    let decisions = report["decisions"].as_array().expect("decisions");
    assert!(!decisions.is_empty());
    for d in decisions {
        assert_eq!(d["player"], 0);
        let class = d["class"].as_str().expect("a class");
        assert!([
            "best",
            "good",
            "inaccuracy",
            "mistake",
            "blunder",
            "unknown"
        ]
        .contains(&class));
        if let Some(loss) = d["loss"].as_f64() {
            assert!((0.0..=1.0).contains(&loss));
            assert_eq!(loss == 0.0, class == "best" || d["played"] == d["best"]);
        }
    }
    let counted: u64 = report["counts"][0]
        .as_array()
        .expect("counts")
        .iter()
        .map(|c| c.as_u64().unwrap_or(0))
        .sum();
    let marked = decisions
        .iter()
        .filter(|d| {
            ["inaccuracy", "mistake", "blunder"].contains(&d["class"].as_str().unwrap_or(""))
        })
        .count() as u64;
    assert_eq!(counted, marked);
}

#[test]
fn analyse_checks_a_saved_game_from_the_command_line() {
    let s = serve();
    let mut rng = Lcg(5);
    let mut view = settled(
        &s,
        ok(post(
            &s,
            "/api/games",
            &json!({"ruleset": "fsail", "scenario": "frigate-duel", "admiral": "random"}),
        )),
    );
    let id = view["id"].as_u64().expect("an id");
    for _ in 0..8 {
        if view["to_move"] == "over" {
            break;
        }
        let a = random_order(&view, &mut rng);
        view = settled(
            &s,
            ok(post(
                &s,
                &format!("/api/games/{id}/order"),
                &json!({"action": a}),
            )),
        );
    }
    let saved = get(&s, &format!("/api/games/{id}/saved"));
    let dir = tempfile::tempdir().expect("a temp dir");
    let file = dir.path().join("game.json");
    std::fs::write(&file, &saved.body).expect("write the game");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_broadside"))
            .arg("analyse")
            .arg(&file)
            .args(args)
            .output()
            .expect("analyse runs")
    };
    let out = run(&["--side", "0", "--time-ms", "10", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let decisions = report["decisions"].as_array().expect("decisions");
    assert!(!decisions.is_empty());
    for d in decisions {
        assert_eq!(d["player"], 0);
        let cands = d["candidates"].as_array().expect("candidates");
        assert!(cands.len() >= 2, "forced decisions are not searched");
        assert!(cands
            .iter()
            .all(|c| c["visits"].is_u64() && c["value"].is_f64()));
        assert_eq!(d["best"], cands[0]["name"]);
    }
    let text = run(&["--time-ms", "10"]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("decisions checked"));
    for (args, words) in [
        (&["--time-ms", "5"][..], "between"),
        (&["--side", "2"][..], "2"),
    ] {
        let bad = run(args);
        assert!(!bad.status.success());
        let e = String::from_utf8_lossy(&bad.stderr);
        assert!(e.contains(words) && !e.contains("panicked"), "{e}");
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(["analyse", "/nonexistent/game.json"])
        .output()
        .expect("analyse runs");
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read the saved game"));
}

/// Games in parallel, each making random legal orders for a while: no error, and the p99
/// latency of an order reported. `BROADSIDE_LOAD_SECS` and `BROADSIDE_LOAD_GAMES` lengthen it
/// (`scripts/serve_load.sh`: 50 games for a minute).
#[test]
fn fifty_games_in_parallel_make_random_orders_without_an_error() {
    let secs: u64 = std::env::var("BROADSIDE_LOAD_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
        .min(600);
    let games: usize = std::env::var("BROADSIDE_LOAD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
        .min(200);
    let s = serve();
    let rulesets: Vec<&str> = broadside_env::ruleset::rulesets()
        .iter()
        .map(|r| r.name)
        .collect();
    let deadline = Instant::now() + Duration::from_secs(secs);
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..games)
            .map(|k| {
                let s = &s;
                let ruleset = rulesets[k % rulesets.len()];
                scope.spawn(move || {
                    let mut rng = Lcg(k as u64 + 1);
                    let mut lat = Vec::new();
                    let mut view = ok(post(
                        s,
                        "/api/games",
                        &json!({"ruleset": ruleset, "admiral": "random", "seed": k}),
                    ));
                    while Instant::now() < deadline {
                        view = settled(s, view);
                        if view["to_move"] == "over" {
                            view = ok(post(
                                s,
                                "/api/games",
                                &json!({"ruleset": ruleset, "admiral": "random", "seed": k}),
                            ));
                            continue;
                        }
                        let a = random_order(&view, &mut rng);
                        let id = view["id"].as_u64().expect("an id");
                        let t = Instant::now();
                        view = ok(post(
                            s,
                            &format!("/api/games/{id}/order"),
                            &json!({"action": a}),
                        ));
                        lat.push(t.elapsed());
                    }
                    lat
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a load thread"))
            .collect()
    });
    let mut sorted = latencies;
    sorted.sort();
    assert!(!sorted.is_empty());
    let p = |q: f64| sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)];
    println!(
        "load: {games} games for {secs} s, {} orders, latency p50 {:?}, p99 {:?}, max {:?}",
        sorted.len(),
        p(0.5),
        p(0.99),
        sorted[sorted.len() - 1]
    );
}

#[test]
fn the_admiral_s_thinking_shows_its_playouts_and_a_stop_makes_it_move_now() {
    let s = serve();
    // The person takes side 1, so the admiral (two minutes a decision) orders first.
    let mut view = ok(post(
        &s,
        "/api/games",
        &json!({"ruleset": "fsail", "side": 1, "admiral": "mcts:time=120000", "seed": 5}),
    ));
    let id = view["id"].as_u64().expect("an id");
    let start = Instant::now();
    while view["to_move"] == "chance" || view["thinking"]["playouts"].as_u64().unwrap_or(0) == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no playouts reported: {}",
            view["thinking"]
        );
        std::thread::sleep(Duration::from_millis(20));
        view = ok(get(&s, &format!("/api/games/{id}")));
    }
    assert_eq!(view["to_move"], "admiral");
    assert_eq!(view["thinking"]["budget_ms"], 120_000);
    assert_eq!(view["thinking"]["stopping"], false);
    let stopped = ok(post(&s, &format!("/api/games/{id}/stop"), &json!({})));
    assert_eq!(stopped["thinking"]["stopping"], true);
    // The search ends at its next check and plays its best so far: well inside its two
    // minutes (the wait below gives up at one).
    let mut view = stopped;
    while view["to_move"] == "admiral" {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the admiral did not stop"
        );
        std::thread::sleep(Duration::from_millis(20));
        view = ok(get(&s, &format!("/api/games/{id}")));
    }
    assert!(view["actions"].as_u64().unwrap_or(0) > 0);
    // The admiral's reasoning (its candidates, indented under its order) is for after the
    // game: its opponent does not see it while the game is on.
    let log = view["log"].as_array().expect("a log");
    assert!(
        log.iter()
            .all(|l| !l["text"].as_str().unwrap_or("").starts_with("    ")),
        "{log:?}"
    );
    // Nothing to stop now: a plain 409, the game unchanged.
    let refused = post(&s, &format!("/api/games/{id}/stop"), &json!({}));
    assert_eq!(refused.status, 409);
    assert!(
        refused.error().contains("not thinking"),
        "{}",
        refused.error()
    );
    let again = ok(get(&s, &format!("/api/games/{id}")));
    assert_eq!(again["actions"], view["actions"]);
}
