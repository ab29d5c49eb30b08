//! Checkpoint files' bytes (header length, JSON header with the metadata, tensors): the
//! reader returns a checkpoint or an error, never panics or allocates past the input.
#![no_main]

use std::path::Path;

use broadside_models::Checkpoint;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = Checkpoint::from_bytes(data, Path::new("fuzz.ckpt"));
});
