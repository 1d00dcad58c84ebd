//! The ring instance format: whatever parses prints and re-parses the same,
//! and on small boards every solution found passes the verifier.
#![no_main]

use aquarchive::engine::Settings;
use aquarchive::kinds::ring::{Ring, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(ring) = Ring::parse(text) else { return };
    let printed = ring.to_text();
    assert_eq!(Ring::parse(&printed).expect("a printed instance reads back"), ring, "{printed}");
    if ring.rows() * ring.sectors() <= 48 {
        solve(&ring, 2, Settings::default()).expect("the engine's answers pass the verifier");
    }
});
