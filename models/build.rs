//! With the `torch` feature, embeds libtorch's library folder as an rpath so binaries and
//! tests that link tch run without LD_LIBRARY_PATH. Without it, does nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_TORCH").is_none() {
        return;
    }
    // torch-sys declares `links = "tch"` and prints `cargo:libtorch_lib=DIR`.
    if let Ok(dir) = std::env::var("DEP_TCH_LIBTORCH_LIB") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
