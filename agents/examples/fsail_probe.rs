//! Plays Fighting Sail games between two agent specs and tells why each game ended: the
//! result, the reason, the turn, both fleets' morale and ships left, and the shots and
//! boardings of each side. For finding out why a doctrine loses or draws.
//! `cargo run --release -p broadside-agents --example fsail_probe -- SCENARIO|FILE SPEC [OPPONENT]
//! [GAMES] [-v]`.

use broadside_agents::{play_match, Agent, AgentSpec, MatchConfig};
use broadside_env::fsail::catalogue::{BOARD_0, CANNON_END, FIRE_0};
use broadside_env::fsail::data::load_scenario_file;
use broadside_env::fsail::{builtin_scenario, FsailGame, FsailOptions, Phase};
use broadside_env::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let verbose = args.iter().any(|a| a == "-v");
    // `-tK`: trace game K action by action.
    let trace: Option<u64> = args
        .iter()
        .find_map(|a| a.strip_prefix("-t").and_then(|k| k.parse().ok()));
    let args: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let scenario = args.get(1).map(|s| s.as_str()).unwrap_or("frigate-duel");
    let spec: AgentSpec = args
        .get(2)
        .map(|s| s.as_str())
        .unwrap_or("bot:british")
        .parse()
        .expect("agent spec");
    let opp: AgentSpec = args
        .get(3)
        .map(|s| s.as_str())
        .unwrap_or("random")
        .parse()
        .expect("agent spec");
    let games: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(40);
    // A built-in id, or a scenario file.
    let sc = builtin_scenario(scenario)
        .or_else(|_| load_scenario_file(std::path::Path::new(scenario)))
        .expect("a built-in scenario or a scenario file");
    let mut score = 0.0;
    // [F/S turn][band or out][exposed*2 + shot]
    let mut census = [[[[0u32; 4]; 4]; 2]; 2];
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut by_side = [0.0f64; 2];
    for k in 0..games {
        let mut a = spec.build::<FsailGame>(k + 1).expect("agent");
        let mut b = opp.build::<FsailGame>(1000 + k).expect("agent");
        let side = (k % 2) as usize;
        let agents: [&mut dyn Agent<FsailGame>; 2] = if side == 0 {
            [&mut a, &mut b]
        } else {
            [&mut b, &mut a]
        };
        let cfg = MatchConfig {
            chance_seed: 77 + k,
            max_decisions: None,
        };
        let g0 = FsailGame::new(&sc, FsailOptions { resignation: false });
        let out = play_match(g0.clone(), agents, &cfg).expect("match");
        let r = out.returns[side];
        score += (r + 1.0) / 2.0;
        by_side[side] += (r + 1.0) / 2.0;
        match r {
            x if x > 0.5 => wins += 1,
            x if x < -0.5 => losses += 1,
            _ => draws += 1,
        }
        // Replay to count shots and boardings per side.
        let mut g = g0;
        let mut fires = [0; 2];
        let mut boards = [0; 2];
        let mut events: Vec<String> = Vec::new();
        let mut counted: Vec<u16> = Vec::new();
        for &act in &out.history {
            // Exposure census at the start of each cannon phase (duel: ships 0 and 1).
            if matches!(g.phase, Phase::Cannon { .. })
                && matches!(g.turn(), broadside_env::Turn::Player(_))
                && g.ships().len() == 2
                && !counted.contains(&g.turn)
            {
                counted.push(g.turn);
                let (me, en) = (side, 1 - side);
                let r = broadside_env::plane::mast_distance(&g.ships[me].base, &g.ships[en].base);
                let bandk = [6000, 12000, 18000]
                    .iter()
                    .position(|&x| r <= x)
                    .unwrap_or(3);
                let exposed = g.broadside_at(en, me).is_some() && bandk < 3;
                let shot = g.broadside_at(me, en).is_some() && bandk < 3;
                let turn_kind = if g.first as usize == side { 0 } else { 1 };
                census[side][turn_kind][bandk][exposed as usize * 2 + shot as usize] += 1;
            }
            if trace == Some(k) {
                let who = match g.turn() {
                    broadside_env::Turn::Player(p) if p as usize == side => "BOT ",
                    broadside_env::Turn::Player(_) => "rnd ",
                    _ => "    ",
                };
                let first_cannon = matches!(g.phase, Phase::Cannon { player } if player == g.first)
                    && matches!(g.turn(), broadside_env::Turn::Player(_));
                if first_cannon || g.phase == Phase::Initiative {
                    let ships: Vec<String> = g
                        .ships()
                        .iter()
                        .filter(|x| x.active())
                        .map(|x| {
                            format!(
                                "s{}({:.1},{:.1} h{} t{}{})",
                                x.side,
                                FsailGame::inches(x.base.centre.x),
                                FsailGame::inches(x.base.centre.y),
                                x.base.heading,
                                x.tokens,
                                if x.anchor { "A" } else { "" }
                            )
                        })
                        .collect();
                    println!(
                        "      turn {} first {} {:?} {}",
                        g.turn,
                        g.first,
                        g.phase,
                        ships.join(" ")
                    );
                }
                println!("  {who}{}", g.describe_action(act));
            }
            if let (Phase::Cannon { player }, broadside_env::Turn::Player(_)) = (g.phase, g.turn())
            {
                if (FIRE_0..BOARD_0).contains(&act) {
                    fires[player as usize] += 1;
                } else if (BOARD_0..CANNON_END).contains(&act) {
                    boards[player as usize] += 1;
                }
            }
            let before = g.morale;
            let shooter_first = g.first;
            g.apply_unchecked(act);
            for (sd, &was) in before.iter().enumerate() {
                if g.morale[sd] < was {
                    let who = if sd == side { "bot" } else { "rnd" };
                    let near = g
                        .ships()
                        .iter()
                        .filter(|x| x.side as usize == sd)
                        .flat_map(|x| {
                            g.ships()
                                .iter()
                                .filter(|y| y.side as usize != sd && y.active())
                                .map(move |y| broadside_env::plane::mast_distance(&x.base, &y.base))
                        })
                        .min()
                        .unwrap_or(0);
                    events.push(format!(
                        "t{}:{who}-{}@{:.0}\"{}",
                        g.turn,
                        was - g.morale[sd],
                        FsailGame::inches(near),
                        if shooter_first as usize == side {
                            "F"
                        } else {
                            "S"
                        }
                    ));
                }
            }
        }
        let f = &out.final_state;
        if verbose || r < 0.5 {
            let left = |s: u8| {
                f.ships()
                    .iter()
                    .filter(|x| x.side == s && x.active())
                    .count()
            };
            let me = side as u8;
            let ships: Vec<String> = f
                .ships()
                .iter()
                .filter(|x| x.active())
                .map(|x| {
                    format!(
                        "{}({:.1},{:.1} h{} t{})",
                        if x.side == me { "B" } else { "r" },
                        FsailGame::inches(x.base.centre.x),
                        FsailGame::inches(x.base.centre.y),
                        x.base.heading,
                        x.tokens
                    )
                })
                .collect();
            println!(
                "game {k} side {side}: r={r} {:?} turn {} morale bot {}/{} rnd {}/{} ships bot {} rnd {} fires bot {} rnd {} boards bot {} rnd {} | {}",
                f.ending.map(|e| e.reason),
                f.turn,
                f.morale[side],
                f.start_morale[side],
                f.morale[1 - side],
                f.start_morale[1 - side],
                left(me),
                left(1 - me),
                fires[side],
                fires[1 - side],
                boards[side],
                boards[1 - side],
                ships.join(" ")
            );
            println!("    {}", events.join(" "));
        }
    }
    for (side, c) in census.iter().enumerate() {
        for (k, name) in ["sails first", "sails second"].iter().enumerate() {
            println!(
                "bot side {side} {name}: short/medium/long [safe-noshot, safe-shot, exposed-noshot, exposed-shot] {:?}",
                &c[k][..3]
            );
        }
    }
    // Even games put the bot on side 0.
    let (on0, on1) = (games.div_ceil(2).max(1), (games / 2).max(1));
    println!(
        "{scenario} {spec} vs {opp}: {:.3} over {games} (W {wins} D {draws} L {losses}; as side 0 {:.3}, as side 1 {:.3})",
        score / games as f64,
        by_side[0] / on0 as f64,
        by_side[1] / on1 as f64
    );
}
