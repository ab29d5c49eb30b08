//! A `cmd:` bot playing with a tactic forbidden (restricted play) is still a bot program: its
//! forfeit ends the game, its side losing with the reason kept, and it is told the result at
//! the end. The restricted wrappers once swallowed both, so a crashed bot played on through
//! its fallback order.

use std::path::Path;

use broadside_agents::tactics::restricted_agent;
use broadside_agents::{play_match, Agent, AgentSpec, MatchConfig};
use broadside_env::ruleset::{scenario, GameOptions};

use crate::common::write_bot;

/// The spec of the bot at `path`.
fn spec(path: &Path) -> String {
    format!("cmd:time=2 python3 {}", path.display())
}

/// One frigate duel: the restricted bot (forbidden tactic 0) on side 0, `random` on side 1.
fn play(
    bot: &str,
    max_decisions: Option<usize>,
) -> broadside_agents::MatchOutcome<broadside_env::ruleset::AnyGame> {
    let sc = scenario("wsim", "frigate-duel").expect("built-in scenario");
    let start = sc.new_game(&GameOptions { resignation: false });
    let spec: AgentSpec = bot.parse().expect("a spec");
    let mut restricted = restricted_agent(&spec, "wsim", 0, 1).expect("built");
    let mut free = "random"
        .parse::<AgentSpec>()
        .expect("a spec")
        .build(2)
        .expect("built");
    let agents: [&mut dyn Agent<_>; 2] = [&mut restricted, &mut free];
    let cfg = MatchConfig {
        chance_seed: 3,
        max_decisions,
    };
    play_match(start, agents, &cfg).expect("the match is played")
}

#[test]
fn a_crashing_restricted_bot_forfeits_and_is_told_it_lost() {
    let (_dir, path) = write_bot("        sys.exit(3)");
    let out = play(&spec(&path), None);
    let f = out.forfeit.expect("the crash is a forfeit");
    assert_eq!(f.player, 0);
    assert!(f.reason.contains("crashed"), "{}", f.reason);
    assert_eq!(out.returns, [-1.0, 1.0]);
    assert_eq!(out.decisions, 0, "the bot's first decision fails");
}

#[test]
fn a_restricted_bot_hears_the_end_of_its_game() {
    let (dir, path) = write_bot("        pass");
    let out = play(&spec(&path), Some(30));
    assert_eq!(out.forfeit, None);
    assert_eq!(out.decisions, 30);
    let end =
        std::fs::read_to_string(dir.path().join("end.json")).expect("the bot got an `end` message");
    let end: serde_json::Value = serde_json::from_str(&end).expect("JSON");
    assert_eq!(end["type"], "end");
    assert_eq!(end["result"], "draw", "a cut-off game is a draw: {end}");
}
