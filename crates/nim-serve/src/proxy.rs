//! The PROXY protocol (HAProxy's; version 2, and version 1) at both doors: a load balancer in
//! `mode tcp` with `send-proxy-v2` opens each connection it forwards with a header naming the
//! client's address, and the server then uses that address wherever it uses a peer's (the
//! per-address limits, the class code's guard, names kept for an address, the log). A header is
//! read only from the addresses of `--proxy-protocol-from`; from those, a connection without a
//! valid header within the door's first time-out is refused, and from any other address nothing
//! is read as a header. Exactly the header's bytes are read, never one more: the SSH handshake
//! or the HTTP request behind it stays in the socket for the door. Parsing is ppp's.

use std::net::{IpAddr, SocketAddr};

use nim_tui::serve_settings::AddressRange;
use tokio::io::{AsyncRead, AsyncReadExt};

/// The first twelve bytes of every version 2 header.
const V2_SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";

/// The longest version 1 header (the protocol's own bound, its line end included).
const V1_MAX: usize = 107;

/// The longest version 2 header taken, its 16 fixed bytes included: the addresses are at most
/// 216 bytes (two UNIX paths), and what HAProxy adds after them (TLVs: a unique id, TLS facts,
/// a checksum) well under a KiB. The protocol allows 64 KiB; nothing here needs it.
pub const V2_MAX: usize = 16 + 2048;

/// The load balancers whose connections start with a header (`--proxy-protocol-from`).
#[derive(Debug, Clone, Default)]
pub struct Balancers(Vec<AddressRange>);

impl Balancers {
    pub fn new(ranges: Vec<AddressRange>) -> Balancers {
        Balancers(ranges)
    }

    /// Whether a connection from `ip` must start with a header.
    pub fn includes(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|range| range.contains(ip))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// What a header said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrival {
    /// A client's connection, from this address as the balancer saw it.
    Client(SocketAddr),
    /// A connection the balancer makes for itself (the LOCAL command: its health checks).
    Local,
    /// A client the balancer gives no address for (version 2's UNSPEC or UNIX family, version
    /// 1's UNKNOWN): the protocol says the connection's own address then stands.
    Unknown,
}

/// Why a connection from a balancer is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    #[error("no PROXY protocol header: the connection began with {0}")]
    Missing(String),
    #[error("a PROXY protocol header longer than the {0} bytes taken")]
    TooLong(usize),
    #[error("a bad PROXY protocol header: {0}")]
    Bad(String),
    #[error("the connection closed within its PROXY protocol header")]
    Closed,
    #[error("no PROXY protocol header within {0}s")]
    Late(u64),
    #[error("reading the PROXY protocol header: {0}")]
    Io(String),
}

fn io_error(e: std::io::Error) -> HeaderError {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => HeaderError::Closed,
        _ => HeaderError::Io(e.to_string()),
    }
}

/// Reads one header from `socket`, and not a byte past it.
pub async fn read_header<R: AsyncRead + Unpin>(socket: &mut R) -> Result<Arrival, HeaderError> {
    // Twelve bytes are in every header of either version (the shortest, version 1's
    // "PROXY UNKNOWN\r\n", has fifteen), so reading them never takes a byte of what follows.
    let mut head = [0u8; 12];
    socket.read_exact(&mut head).await.map_err(io_error)?;
    if head == V2_SIGNATURE {
        let mut fixed = [0u8; 4];
        socket.read_exact(&mut fixed).await.map_err(io_error)?;
        let length = 16 + usize::from(u16::from_be_bytes([fixed[2], fixed[3]]));
        if length > V2_MAX {
            return Err(HeaderError::TooLong(V2_MAX));
        }
        let mut bytes = Vec::with_capacity(length);
        bytes.extend_from_slice(&head);
        bytes.extend_from_slice(&fixed);
        bytes.resize(length, 0);
        socket.read_exact(&mut bytes[16..]).await.map_err(io_error)?;
        return parse(&bytes);
    }
    if head.starts_with(b"PROXY ") {
        // A line: read a byte at a time up to its end, so that nothing after it is taken.
        let mut bytes = head.to_vec();
        while !bytes.contains(&b'\n') {
            if bytes.len() >= V1_MAX {
                return Err(HeaderError::TooLong(V1_MAX));
            }
            bytes.push(socket.read_u8().await.map_err(io_error)?);
        }
        return parse(&bytes);
    }
    Err(HeaderError::Missing(nim_tui::text::escape(&String::from_utf8_lossy(&head)).into_owned()))
}

/// Reads one header from `socket` by `deadline`.
pub async fn read_header_by<R: AsyncRead + Unpin>(
    socket: &mut R,
    deadline: tokio::time::Instant,
    allowed: std::time::Duration,
) -> Result<Arrival, HeaderError> {
    match tokio::time::timeout_at(deadline, read_header(socket)).await {
        Ok(read) => read,
        Err(_) => Err(HeaderError::Late(allowed.as_secs())),
    }
}

/// What one whole header (of either version, exactly its bytes) says.
pub fn parse(bytes: &[u8]) -> Result<Arrival, HeaderError> {
    let bad = |e: &dyn std::fmt::Display| HeaderError::Bad(nim_tui::text::escape_short(&e.to_string(), 120));
    if bytes.starts_with(&V2_SIGNATURE) {
        let header = ppp::v2::Header::try_from(bytes).map_err(|e| bad(&e))?;
        if header.len() != bytes.len() {
            return Err(HeaderError::Bad(format!("{} bytes after its end", bytes.len() - header.len())));
        }
        return Ok(match (header.command, header.addresses) {
            (ppp::v2::Command::Local, _) => Arrival::Local,
            (ppp::v2::Command::Proxy, ppp::v2::Addresses::IPv4(a)) => {
                Arrival::Client(SocketAddr::new(IpAddr::V4(a.source_address), a.source_port))
            }
            (ppp::v2::Command::Proxy, ppp::v2::Addresses::IPv6(a)) => {
                Arrival::Client(SocketAddr::new(IpAddr::V6(a.source_address).to_canonical(), a.source_port))
            }
            (ppp::v2::Command::Proxy, ppp::v2::Addresses::Unspecified | ppp::v2::Addresses::Unix(_)) => {
                Arrival::Unknown
            }
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| bad(&e))?;
    let header = ppp::v1::Header::try_from(text).map_err(|e| bad(&e))?;
    if header.header.len() != text.len() {
        return Err(HeaderError::Bad("bytes after its end".into()));
    }
    Ok(match header.addresses {
        ppp::v1::Addresses::Tcp4(a) => {
            Arrival::Client(SocketAddr::new(IpAddr::V4(a.source_address), a.source_port))
        }
        ppp::v1::Addresses::Tcp6(a) => {
            Arrival::Client(SocketAddr::new(IpAddr::V6(a.source_address).to_canonical(), a.source_port))
        }
        ppp::v1::Addresses::Unknown => Arrival::Unknown,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 2 header written out from the protocol's text (section 2.2), not by ppp.
    fn v2(command: u8, family: u8, addresses: &[u8]) -> Vec<u8> {
        let mut bytes = V2_SIGNATURE.to_vec();
        bytes.push(0x20 | command);
        bytes.push(family);
        bytes.extend_from_slice(&u16::try_from(addresses.len()).expect("short").to_be_bytes());
        bytes.extend_from_slice(addresses);
        bytes
    }

    /// HAProxy's header for a TCP client at 203.0.113.7:50000 to 10.0.0.1:2222.
    fn v2_ipv4() -> Vec<u8> {
        v2(0x1, 0x11, &[203, 0, 113, 7, 10, 0, 0, 1, 0xc3, 0x50, 0x08, 0xae])
    }

    /// Reads a header from `bytes` followed by an SSH client's first line; returns what it said
    /// and what was left unread.
    fn read(bytes: &[u8]) -> (Result<Arrival, HeaderError>, Vec<u8>) {
        let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
        runtime.block_on(async {
            let mut all = bytes.to_vec();
            all.extend_from_slice(b"SSH-2.0-OpenSSH_9.2\r\n");
            let mut socket = std::io::Cursor::new(all);
            let said = read_header(&mut socket).await;
            let mut rest = Vec::new();
            socket.read_to_end(&mut rest).await.expect("read the rest");
            (said, rest)
        })
    }

    fn client(text: &str) -> Result<Arrival, HeaderError> {
        Ok(Arrival::Client(text.parse().expect("an address")))
    }

    #[test]
    fn a_version_2_header_gives_the_clients_address_and_leaves_the_ssh_handshake_unread() {
        let (said, rest) = read(&v2_ipv4());
        assert_eq!(said, client("203.0.113.7:50000"));
        assert_eq!(rest, b"SSH-2.0-OpenSSH_9.2\r\n", "not a byte of the handshake taken");
    }

    #[test]
    fn a_version_2_header_for_ipv6_and_with_tlvs_after_the_addresses() {
        let mut addresses = Vec::new();
        addresses.extend_from_slice(&"2001:db8::7".parse::<std::net::Ipv6Addr>().expect("v6").octets());
        addresses.extend_from_slice(&"2001:db8::1".parse::<std::net::Ipv6Addr>().expect("v6").octets());
        addresses.extend_from_slice(&[0xc3, 0x50, 0x08, 0xae]);
        // A TLV as HAProxy's `proxy-v2-options unique-id` adds: type 0x05, length 3.
        addresses.extend_from_slice(&[0x05, 0x00, 0x03, b'a', b'b', b'c']);
        let (said, rest) = read(&v2(0x1, 0x21, &addresses));
        assert_eq!(said, client("[2001:db8::7]:50000"));
        assert_eq!(rest, b"SSH-2.0-OpenSSH_9.2\r\n");
        // An IPv4 client in IPv6's mapped form is the IPv4 address (the per-address limits count
        // one address once).
        let mut mapped = Vec::new();
        mapped.extend_from_slice(&"::ffff:198.51.100.9".parse::<std::net::Ipv6Addr>().expect("v6").octets());
        mapped.extend_from_slice(&[0; 16]);
        mapped.extend_from_slice(&[0, 80, 0, 22]);
        assert_eq!(read(&v2(0x1, 0x21, &mapped)).0, client("198.51.100.9:80"));
    }

    #[test]
    fn the_local_command_is_a_health_check_and_unspec_keeps_the_connections_own_address() {
        // HAProxy's check with `check-send-proxy`: LOCAL, no addresses.
        let (said, rest) = read(&v2(0x0, 0x00, &[]));
        assert_eq!(said, Ok(Arrival::Local));
        assert_eq!(rest, b"SSH-2.0-OpenSSH_9.2\r\n");
        // LOCAL with addresses is still LOCAL (the protocol says to ignore them).
        assert_eq!(read(&v2(0x0, 0x11, &[127, 0, 0, 1, 127, 0, 0, 1, 0, 1, 0, 2])).0, Ok(Arrival::Local));
        assert_eq!(read(&v2(0x1, 0x00, &[])).0, Ok(Arrival::Unknown));
    }

    #[test]
    fn version_1_lines_are_read_to_their_end_and_no_further() {
        let (said, rest) = read(b"PROXY TCP4 203.0.113.7 10.0.0.1 50000 2222\r\n");
        assert_eq!(said, client("203.0.113.7:50000"));
        assert_eq!(rest, b"SSH-2.0-OpenSSH_9.2\r\n");
        assert_eq!(read(b"PROXY TCP6 2001:db8::7 2001:db8::1 50000 22\r\n").0, client("[2001:db8::7]:50000"));
        let (said, rest) = read(b"PROXY UNKNOWN\r\n");
        assert_eq!(said, Ok(Arrival::Unknown));
        assert_eq!(rest, b"SSH-2.0-OpenSSH_9.2\r\n");
    }

    #[test]
    fn truncated_headers_are_refused() {
        let whole = v2_ipv4();
        for cut in [5, 12, 15, 20, whole.len() - 1] {
            let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
            let said = runtime.block_on(read_header(&mut std::io::Cursor::new(whole[..cut].to_vec())));
            assert_eq!(said, Err(HeaderError::Closed), "cut at {cut}");
        }
        // The length says IPv4's twelve bytes, the header has eight: ppp says so.
        let short = v2(0x1, 0x11, &[203, 0, 113, 7, 10, 0, 0, 1]);
        assert!(matches!(parse(&short), Err(HeaderError::Bad(_))), "{:?}", parse(&short));
        let line = b"PROXY TCP4 203.0.113.7 10.0.0.1 50000";
        let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
        let said = runtime.block_on(read_header(&mut std::io::Cursor::new(line.to_vec())));
        assert_eq!(said, Err(HeaderError::Closed));
    }

    #[test]
    fn garbage_is_refused_with_what_it_began_with() {
        // An SSH client that went straight to the server instead of through the balancer.
        let (said, rest) = read(b"");
        assert_eq!(said, Err(HeaderError::Missing("SSH-2.0-Open".into())));
        assert_eq!(rest, b"SSH_9.2\r\n");
        assert!(matches!(read(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").0, Err(HeaderError::Missing(_))));
        // Version 2's signature with a wrong version, command, family; a line that never ends.
        for bad in [
            {
                let mut b = v2_ipv4();
                b[12] = 0x11;
                b
            },
            {
                let mut b = v2_ipv4();
                b[12] = 0x2f;
                b
            },
            {
                let mut b = v2_ipv4();
                b[13] = 0x41;
                b
            },
        ] {
            assert!(matches!(read(&bad).0, Err(HeaderError::Bad(_))), "{bad:?}");
        }
        assert!(matches!(read(b"PROXY TCP4 nowhere 10.0.0.1 1 2\r\n").0, Err(HeaderError::Bad(_))));
        assert!(matches!(read(b"PROXY TCP5 1.2.3.4 10.0.0.1 1 2\r\n").0, Err(HeaderError::Bad(_))));
        let endless = [b"PROXY ".as_slice(), &[b'9'; 200]].concat();
        assert_eq!(read(&endless).0, Err(HeaderError::TooLong(V1_MAX)));
        // A length past what is taken is refused before anything more is read.
        let mut huge = V2_SIGNATURE.to_vec();
        huge.extend_from_slice(&[0x21, 0x11, 0xff, 0xff]);
        assert_eq!(read(&huge).0, Err(HeaderError::TooLong(V2_MAX)));
        // Escape sequences in what a connection began with are shown escaped.
        let (said, _) = read(b"\x1b[31mred!!!!!!");
        let Err(HeaderError::Missing(shown)) = said else { panic!("{said:?}") };
        assert!(!shown.contains('\x1b'), "{shown}");
    }

    #[test]
    fn headers_are_read_only_from_the_balancers_given() {
        let balancers = Balancers::new(vec![
            "127.0.0.2".parse().expect("an address"),
            "10.0.0.0/8".parse().expect("a range"),
        ]);
        let ip = |text: &str| text.parse::<IpAddr>().expect("an address");
        assert!(balancers.includes(ip("127.0.0.2")));
        assert!(balancers.includes(ip("10.20.30.40")));
        assert!(balancers.includes(ip("::ffff:10.1.1.1")), "an IPv4 balancer seen by a socket on [::]");
        assert!(!balancers.includes(ip("127.0.0.1")), "a peer not listed is never read for a header");
        assert!(!balancers.includes(ip("192.168.1.10")));
        assert!(!Balancers::default().includes(ip("127.0.0.2")), "none given: no header read from anyone");
    }

    #[test]
    fn a_header_built_by_ppp_reads_back() {
        // The builder HAProxy's header is modelled on, as a second check on the bytes above.
        let addresses =
            ppp::v2::Addresses::IPv4(ppp::v2::IPv4::new([198, 51, 100, 20], [10, 0, 0, 1], 41000, 22));
        let built = ppp::v2::Builder::with_addresses(0x21, ppp::v2::Protocol::Stream, addresses)
            .build()
            .expect("a header");
        assert_eq!(read(&built).0, client("198.51.100.20:41000"));
    }
}
