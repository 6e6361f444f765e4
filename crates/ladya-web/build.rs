//! Rebuilds the crate when a file under `assets/` is added, changed or removed, since every
//! asset is compiled into the binary.

fn main() {
    println!("cargo:rerun-if-changed=assets");
}
