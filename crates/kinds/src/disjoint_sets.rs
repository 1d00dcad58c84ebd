//! Disjoint sets (union-find), a small utility: the elements `0..n` joined
//! into sets, each set named by one of its elements, its root. The Aquarium
//! generator joins cells into tanks with it, and the photo reader joins a
//! board's cells into pieces.

/// The elements `0..n`, each in one set, with each set's size.
#[derive(Clone, Debug)]
pub struct DisjointSets {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl DisjointSets {
    /// `n` elements, each in a set of its own.
    pub fn new(n: usize) -> DisjointSets {
        DisjointSets { parent: (0..n).collect(), size: vec![1; n] }
    }

    /// The root of `x`'s set: the same element for every member until the
    /// set is joined to another. Halves the path it walks, so that the
    /// next walk is shorter.
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// How many elements `x`'s set holds.
    pub fn size(&mut self, x: usize) -> usize {
        let root = self.find(x);
        self.size[root]
    }

    /// Joins the sets of `a` and `b`, the root of `a`'s set naming the
    /// whole (so a caller decides which name a set keeps); false when they
    /// were one set already.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        self.parent[rb] = ra;
        self.size[ra] += self.size[rb];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::DisjointSets;

    #[test]
    fn joined_elements_share_a_root_and_count_their_set() {
        let mut sets = DisjointSets::new(6);
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(sets.union(1, 3));
        assert!(!sets.union(0, 2), "0 and 2 are one set already");
        let root = sets.find(0);
        assert!((0..4).all(|x| sets.find(x) == root));
        assert_eq!(root, 0, "the first argument's root names the joined set");
        assert_eq!((sets.size(3), sets.size(4)), (4, 1));
        assert_ne!(sets.find(4), sets.find(5));
    }

    #[test]
    fn a_long_chain_is_found_from_either_end() {
        let n = 10_000;
        let mut sets = DisjointSets::new(n);
        for x in 1..n {
            // Each new element's root names the set: the chain is as long as it gets.
            sets.union(x, x - 1);
        }
        assert_eq!(sets.find(0), n - 1);
        assert_eq!(sets.size(0), n);
        assert!((0..n).all(|x| sets.find(x) == n - 1));
    }
}
