//! `cmd:` bots over the bot protocol: a well-behaved bot plays a whole game and leaves no
//! process; a bot that crashes, hangs, writes garbage, answers an illegal action or floods
//! its output loses its game with the reason recorded and leaves no process either (its
//! whole process group is killed); and a `decide` message never carries what the bot's side
//! may not know (Oak & Iron's face-down cards, Togo's face-down orders: redrawing them
//! leaves the message unchanged).

mod common;

use std::path::Path;

use broadside_agents::bot::agent::redrawn_view;
use broadside_agents::bot::protocol::{decide, Decide};
use broadside_agents::tournament::{play_game, GameRecord};
use broadside_agents::AgentSpec;
use broadside_env::ruleset::{rulesets, scenario, AnyGame, GameOptions};
use broadside_env::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::write_bot;

/// Processes still running whose command line names `marker` (a zombie's command line is
/// empty, so a killed process waiting to be reaped does not count).
///
/// SIGKILL to the bot's process group is asynchronous: a killed grandchild may still be
/// listed for a moment on a loaded machine, so this looks again for up to 10 s and returns
/// what is still there then (a process that survives that long was never killed).
fn processes_naming(marker: &Path) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let found = processes_naming_now(marker);
        if found.is_empty() || std::time::Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The processes whose command line names `marker`, right now.
fn processes_naming_now(marker: &Path) -> Vec<String> {
    let marker = marker.to_string_lossy().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let cmd = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
        if cmd.contains(&marker) {
            found.push(format!("{}: {cmd}", entry.file_name().to_string_lossy()));
        }
    }
    found
}

/// One WS&IM frigate duel: the bot on side 0, `random` on side 1.
fn bot_game(bot: &Path, settings: &str) -> GameRecord {
    let sc = scenario("wsim", "frigate-duel").expect("built-in scenario");
    let new_game = move |_| sc.new_game(&GameOptions { resignation: false });
    let specs: Vec<AgentSpec> = [
        format!("cmd:{settings} python3 {}", bot.display()),
        "random".to_string(),
    ]
    .iter()
    .map(|s| s.parse().expect("a spec"))
    .collect();
    play_game(&new_game, &specs, [0, 1], 0, 7, Some(3000)).expect("the game is played")
}

#[test]
fn a_well_behaved_bot_plays_a_whole_game_and_leaves_no_process() {
    let (dir, bot) = write_bot("        pass");
    let g = bot_game(&bot, "time=10");
    assert_eq!(g.forfeit, None);
    assert!(g.finished && g.decisions > 20, "{g:?}");
    assert_eq!(processes_naming(dir.path()), Vec::<String>::new());
}

#[test]
fn a_failing_bot_loses_with_its_reason_and_leaves_no_process() {
    // Each also starts a child that would outlive it unless its process group is killed.
    let child = "        subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', __file__])\n";
    for (case, body, reason) in [
        (
            "crash",
            "        sys.exit(3)",
            "crashed: it exited (exit status: 3)",
        ),
        (
            "hang",
            "        time.sleep(600)",
            "took longer than its 1000 ms limit",
        ),
        (
            "garbage",
            "        print('hello world', flush=True)",
            "wrote a malformed line (not JSON",
        ),
        (
            "illegal",
            "        say({'type': 'action', 'action': 9999}); continue",
            "answered an illegal action: 9999",
        ),
        (
            "flood",
            "        while True: say({'type': 'info', 'text': 'x'})",
            "flooded its output: more than 1000 lines",
        ),
        (
            "long line",
            "        while True: sys.stdout.write('x' * 65536)",
            "flooded its output: a line longer than",
        ),
    ] {
        let (dir, bot) = write_bot(&format!("{child}{body}"));
        let g = bot_game(&bot, "time=1");
        let f = g
            .forfeit
            .as_ref()
            .unwrap_or_else(|| panic!("{case}: no forfeit in {g:?}"));
        assert_eq!(f.side, 0, "{case}");
        assert!(f.reason.contains(reason), "{case}: {}", f.reason);
        assert_eq!(g.returns, [-1.0, 1.0], "{case}");
        assert_eq!(g.decisions, 0, "{case}: the bot's first decision fails");
        assert_eq!(processes_naming(dir.path()), Vec::<String>::new(), "{case}");
    }
}

#[test]
fn a_bot_that_cannot_start_or_speaks_another_protocol_loses() {
    let g = bot_game(Path::new("/nonexistent/broadside-bot.py"), "time=2");
    let f = g.forfeit.expect("a forfeit");
    assert!(f.reason.contains("crashed"), "{}", f.reason);
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bot.py");
    std::fs::write(
        &path,
        "import sys\nsys.stdin.readline()\nprint('{\"type\":\"hello\",\"name\":\"v9\",\"protocol\":9}', flush=True)\nsys.stdin.read()\n",
    )
    .expect("written");
    let g = bot_game(&path, "time=2");
    let f = g.forfeit.expect("a forfeit");
    assert!(f.reason.contains("speaks protocol 9"), "{}", f.reason);
    assert_eq!(processes_naming(dir.path()), Vec::<String>::new());
}

/// The `decide` message for `player` in `state`, view included, time fields fixed.
fn message(state: &AnyGame, player: u8) -> String {
    let view = redrawn_view(state, player);
    let d = Decide {
        decision: 0,
        time_left_ms: 1000,
        game_left_ms: None,
        planes: true,
        view: view.as_ref(),
    };
    decide(state, player, &d).to_string()
}

#[test]
fn a_decide_message_is_the_same_whatever_the_hidden_part_of_the_state() {
    for info in rulesets() {
        let sc = scenario(info.name, info.default_scenario).expect("the default scenario");
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut compared, mut changed) = (0, 0);
        for game in 0..3 {
            let mut g = sc.new_game(&GameOptions { resignation: false });
            for step in 0..400 {
                let a = match g.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => g.chance_outcomes().sample(&mut rng),
                    Turn::Player(p) => {
                        if step % 7 == game {
                            let msg = message(&g, p);
                            for k in 0..2u64 {
                                // The other side's secrets redrawn: what `p` may not know.
                                let mut redraw = ChaCha8Rng::seed_from_u64(100 + k + step as u64);
                                let other = g.resample_hidden(p, &mut redraw);
                                changed += usize::from(other != g);
                                assert_eq!(message(&other, p), msg, "{}: step {step}", info.name);
                                compared += 1;
                            }
                        }
                        let legal: Vec<_> = g.legal_actions().iter().collect();
                        legal[rng.random_range(0..legal.len())]
                    }
                };
                g.apply(a).expect("a legal action");
            }
        }
        assert!(compared > 10, "{}: {compared} comparisons", info.name);
        // Where a ruleset hides something, the redraws did change the state.
        if ["oak", "togo", "wsim"].contains(&info.name) {
            assert!(
                changed > 0,
                "{}: no hidden part was ever redrawn",
                info.name
            );
        }
    }
}

#[test]
fn the_start_message_names_the_scenario_and_every_decide_carries_the_view() {
    // The bot exits (a forfeit) unless its `start` names the scenario it plays, or if a
    // `decide` comes without the position's view.
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bot.py");
    std::fs::write(
        &path,
        r#"import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "s", "protocol": 1}), flush=True)
    elif msg["type"] == "start":
        sys.stderr.write("scenario %r\n" % msg["scenario"])
        if msg["scenario"] != "frigate-duel":
            sys.exit(4)
    elif msg["type"] == "decide":
        if msg["view"]["ruleset"] != "wsim" or "ships" not in msg["view"]["state"]:
            sys.exit(6)
        print(json.dumps({"type": "action", "action": msg["legal"][0]["index"]}), flush=True)
    else:
        break
"#,
    )
    .expect("written");
    let sc = scenario("wsim", "frigate-duel").expect("built-in scenario");
    let new_game = move |_| sc.new_game(&GameOptions { resignation: false });
    let bot: AgentSpec = format!("cmd:time=10 python3 {}", path.display())
        .parse()
        .expect("a spec");
    let random: AgentSpec = "random".parse().expect("a spec");
    let play = |bot: AgentSpec| {
        play_game(&new_game, &[bot, random.clone()], [0, 1], 0, 7, Some(40))
            .expect("the game is played")
    };
    // Told the scenario, the bot plays; not told (`null`), it quits.
    assert_eq!(play(bot.clone().for_scenario("frigate-duel")).forfeit, None);
    let f = play(bot)
        .forfeit
        .expect("the bot quits without its scenario");
    assert!(f.reason.contains("exit status: 4"), "{}", f.reason);
}
