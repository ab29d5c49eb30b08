//! With the `torch` feature, embeds libtorch's library folder as an rpath so `broadside`
//! runs without LD_LIBRARY_PATH. With `cuda`, also links libtorch_cuda even though no
//! symbol of it is referenced directly (`--no-as-needed`): without it the linker drops the
//! library and `tch::Cuda::is_available()` stays false.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_TORCH").is_none() {
        return;
    }
    if let Ok(dir) = std::env::var("DEP_TCH_LIBTORCH_LIB") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        if std::env::var_os("CARGO_FEATURE_CUDA").is_some() {
            println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
            println!("cargo:rustc-link-arg=-L{dir}");
            println!("cargo:rustc-link-arg=-ltorch_cuda");
            println!("cargo:rustc-link-arg=-Wl,--as-needed");
        }
    }
}
