//! Bounded, non-blocking reading of files from outside (config, statistics, saved game, replay
//! records): a FIFO, a device or a huge file in place of one is refused with a message naming it,
//! never waited on or read until memory runs out.
//!
//! The file is opened with `O_NONBLOCK` (on unix), so that opening a FIFO with no writer returns at
//! once instead of waiting for one; what was opened is then checked to be a regular file (symlinks
//! are followed, so a link to `/dev/zero` is refused too), and at most `limit` bytes are read.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// The most a config file may hold.
pub const CONFIG_LIMIT: u64 = 1 << 20;
/// The most a statistics or saved-game file may hold: far more than any real one.
pub const DATA_LIMIT: u64 = 4 << 20;
/// The most a game record (for `nim-tui replay`) may hold.
pub const RECORD_LIMIT: u64 = 4 << 20;

/// What kind of thing a non-regular file is, for the message.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let ft = meta.file_type();
    if ft.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO";
        }
        if ft.is_char_device() {
            return "a character device";
        }
        if ft.is_block_device() {
            return "a block device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// Opens `path` for reading without blocking and checks that it is a regular file. Errors keep
/// their kind (`NotFound` stays `NotFound`) so that callers can treat a missing file as they
/// did before; the others say what was found (`InvalidInput`).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NOCTTY: a terminal device named as a file must not become our controlling terminal.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        let what = kind_of(&meta);
        let text = if what == "not a regular file" {
            what.to_string()
        } else {
            format!("{what}, not a regular file")
        };
        return Err(io::Error::new(io::ErrorKind::InvalidInput, text));
    }
    Ok(file)
}

/// Reads at most `limit` bytes of the regular file at `path` (see [`open_regular`]); a longer
/// file is refused (`InvalidData`), not cut short.
pub fn read_bounded(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    // One byte past the limit tells a file of exactly `limit` bytes from a longer one.
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than the limit of {} bytes", limit),
        ));
    }
    Ok(bytes)
}

/// Reads at most `limit` bytes from `reader` (standard input), refused as [`read_bounded`]
/// refuses a longer file: `replay -` is held to the same bound as a record file.
pub fn read_bounded_from(reader: impl Read, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than the limit of {} bytes", limit),
        ));
    }
    Ok(bytes)
}

/// [`read_bounded`] for a text file: invalid UTF-8 is an `InvalidData` error.
pub fn read_text(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_bounded(path, limit)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (at byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_file_and_refuses_a_large_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, b"hello").unwrap();
        assert_eq!(read_bounded(&path, 5).unwrap(), b"hello");
        let e = read_bounded(&path, 4).unwrap_err();
        assert!(e.to_string().contains("larger than the limit of 4 bytes"), "{e}");
        assert_eq!(read_bounded(&dir.path().join("none"), 5).unwrap_err().kind(), io::ErrorKind::NotFound);
        assert!(read_bounded(dir.path(), 5).unwrap_err().to_string().contains("directory"));
    }

    #[cfg(unix)]
    #[test]
    fn devices_fifos_and_links_to_them_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(read_bounded(&fifo, 10).unwrap_err().to_string().contains("FIFO"));
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(read_bounded(&link, 10).unwrap_err().to_string().contains("character device"));
    }
}
