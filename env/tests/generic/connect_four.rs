//! Connect Four (the OpenSpiel-rules calibration game): the shared random-game harness, and
//! the bitboard rules checked against a plain cell-by-cell referee on random games.

use broadside_env::connect_four::{ConnectFour, C4_CELLS, C4_COLS, C4_ROWS};
use broadside_env::harness::{play_random_game, run_random_games, HarnessConfig};
use broadside_env::{Action, Game, Player, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn connect_four_passes_the_harness() {
    let cfg = HarnessConfig {
        games: 3000,
        seed: 4,
        ..HarnessConfig::default()
    };
    let r = run_random_games(ConnectFour::from_seed, &cfg).unwrap();
    assert_eq!((r.games, r.terminal, r.truncated), (3000, 3000, 0));
    assert_eq!(r.chance_nodes, 0);
    assert_eq!(r.steps, r.decisions);
    assert!(r.max_length <= C4_CELLS);
    // Random games last about 21 moves; the first player wins more often than it loses.
    assert!(r.mean_length > 15.0 && r.mean_length < 28.0, "{r:?}");
    assert!(r.total_returns[0] > 0.0, "{r:?}");
    assert_eq!(r.total_returns[0], -r.total_returns[1]);
}

/// Whether `p` has four in a row, by walking every cell and direction.
fn naive_four(s: &ConnectFour, p: Player) -> bool {
    let dirs = [(0i32, 1i32), (1, 0), (1, 1), (1, -1)];
    for col in 0..C4_COLS as i32 {
        for row in 0..C4_ROWS as i32 {
            for (dc, dr) in dirs {
                if (0..4).all(|k| {
                    let (c, r) = (col + dc * k, row + dr * k);
                    (0..C4_COLS as i32).contains(&c)
                        && (0..C4_ROWS as i32).contains(&r)
                        && s.cell(r as usize, c as usize) == Some(p)
                }) {
                    return true;
                }
            }
        }
    }
    false
}

#[test]
fn bitboards_agree_with_a_naive_referee() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut wins, mut draws) = ([0usize; 2], 0usize);
    for _ in 0..3000 {
        let mut s = ConnectFour::new();
        let mut heights = [0usize; C4_COLS];
        loop {
            // The legal moves are exactly the columns that are not full.
            let expect: Vec<Action> = (0..C4_COLS)
                .filter(|&c| heights[c] < C4_ROWS)
                .map(|c| c as Action)
                .collect();
            let fours = [naive_four(&s, 0), naive_four(&s, 1)];
            let over = fours[0] || fours[1] || s.moves() == C4_CELLS;
            assert_eq!(s.is_terminal(), over, "{s:?}");
            if over {
                match fours {
                    [true, false] => {
                        wins[0] += 1;
                        assert_eq!(s.returns(), [1.0, -1.0]);
                    }
                    [false, true] => {
                        wins[1] += 1;
                        assert_eq!(s.returns(), [-1.0, 1.0]);
                    }
                    [false, false] => {
                        draws += 1;
                        assert_eq!(s.returns(), [0.0, 0.0]);
                    }
                    _ => panic!("both players have four: {s:?}"),
                }
                assert!(s.legal_actions().is_empty());
                break;
            }
            assert_eq!(s.legal_actions().iter().collect::<Vec<_>>(), expect);
            assert_eq!(s.turn(), Turn::Player((s.moves() % 2) as Player));
            assert_eq!(s.returns(), [0.0, 0.0]);
            let a = expect[rng.random_range(0..expect.len())];
            s.apply(a).unwrap();
            heights[a as usize] += 1;
        }
    }
    assert!(wins[0] > wins[1] && wins[1] > 500, "{wins:?} {draws}");
}

#[test]
fn random_game_replays_and_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut hist = Vec::new();
    let end = play_random_game(ConnectFour::new(), &mut rng, 100, Some(&mut hist));
    assert!(end.is_terminal());
    let digits: String = hist.iter().map(|a| a.to_string()).collect();
    assert_eq!(ConnectFour::from_moves(&digits).unwrap(), end);
    let json = serde_json::to_string(&end).unwrap();
    assert_eq!(serde_json::from_str::<ConnectFour>(&json).unwrap(), end);
}
