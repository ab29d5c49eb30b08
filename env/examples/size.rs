use broadside_env::wsim::*;
fn main() {
    let g = WsimGame::new(
        &builtin_scenario("squadron-battle").unwrap(),
        WsimOptions::default(),
    );
    println!(
        "state {} ship {}",
        std::mem::size_of::<WsimGame>(),
        std::mem::size_of::<Ship>()
    );
    let t = std::time::Instant::now();
    let mut v = 0u64;
    for _ in 0..1_000_000 {
        let c = std::hint::black_box(&g).clone();
        v += c.turn as u64;
        std::hint::black_box(&c);
    }
    println!("clone {:?} {}", t.elapsed() / 1_000_000, v);
}
