//! `--hash` on the command line: a size that cannot be had is exit status 2 with a one-line
//! message, never an abort.

use crate::common;

use std::process::Command;

const WAC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/wac.epd");

#[test]
fn an_impossible_hash_size_is_a_one_line_error() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["analyze", "chess", "--depth", "3"],
            "a hash table of 18446744073709551615 MiB is too large for the address space",
        ),
        (
            &["epd", "chess", WAC, "--movetime", "10"],
            "a hash table of 18446744073709551615 MiB is too large for the address space",
        ),
        (
            &["solve", "chess", "--mate", "1"],
            "a hash table of 18446744073709551615 MiB is too large for the address space",
        ),
        (
            &["analyze", "chess", "--depth", "3", "--hash", "0"],
            "a hash table of 0 bytes is too small: it needs at least 64 bytes",
        ),
        (
            &["solve", "chess", "--mate", "1", "--hash", "0"],
            "a hash table of 0 bytes is too small: it needs at least 16 bytes",
        ),
    ];
    for (args, message) in cases {
        let mut args = args.to_vec();
        if !args.contains(&"--hash") {
            args.extend(["--hash", "18446744073709551615"]);
        }
        let out = Command::new(env!("CARGO_BIN_EXE_ladya")).args(&args).output().expect("ladya runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr, format!("ladya: --hash: {message}\n"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_hash_size_beyond_memory_is_a_one_line_error() {
    // 4 TiB: more than the machine has, so the allocator refuses.
    if !common::cannot_allocate(4 << 40) {
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["analyze", "chess", "--depth", "3", "--hash", "4194304"])
        .output()
        .expect("ladya runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ladya: --hash: cannot allocate a hash table of 4194304 MiB: not enough memory\n"
    );
}
