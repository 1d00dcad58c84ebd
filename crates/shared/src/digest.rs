//! Digests in hex: snapshot keys and canonical hashes.

use sha2::{Digest, Sha256};

/// The sha256 of some bytes, in hex: snapshot keys and canonical hashes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Bytes in lower-case hex, as digests are written.
pub fn hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut hex = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        hex.push(HEX[usize::from(b >> 4)] as char);
        hex.push(HEX[usize::from(b & 15)] as char);
    }
    hex
}
