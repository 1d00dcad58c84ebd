//! Numbers as people read them.

/// A whole number with thousands separators, as the site writes puzzle IDs
/// and as tables print counts: 4937780 -> "4,937,780".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_separated() {
        assert_eq!(super::thousands(4_937_780), "4,937,780");
        assert_eq!(super::thousands(681_742), "681,742");
        assert_eq!(super::thousands(97), "97");
        assert_eq!(super::thousands(0), "0");
    }
}
