//! `ladya serve`: the page and the JSON API over HTTP (the `ladya-web` crate).

use std::path::PathBuf;

use clap::Args;

use crate::Failure;

/// Arguments of `ladya serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes a free one (printed on the first line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (IPv6 with or without brackets); the default takes connections
    /// from this machine only, and another address is warned about.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Open the page in the browser.
    #[arg(long)]
    open: bool,
    /// Serve the page's files from this folder instead of the copies compiled in (for work on
    /// the page). Symbolic links that lead out of the folder are not followed.
    #[arg(long, hide = true, value_name = "DIR")]
    assets: Option<PathBuf>,
}

/// Runs `ladya serve` until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    if let Some(dir) = &args.assets
        && !dir.is_dir()
    {
        return Err(Failure(format!("--assets {}: not a folder", dir.display())));
    }
    let config =
        ladya_web::Config { host: args.host.clone(), port: args.port, open: args.open, assets: args.assets.clone() };
    ladya_web::serve(&config).map_err(|e| Failure(format!("serve on {}:{}: {e}", args.host, args.port)))
}
