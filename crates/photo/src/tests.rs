use aquarchive_kinds::calendar::Variant;

use crate::read;
use crate::synth::{self, Camera};

#[test]
fn dev_sweep() {
    let standard = Variant::built_in("standard").unwrap();
    let weekday = Variant::built_in("weekday").unwrap();
    let both = [standard.clone(), weekday.clone()];
    let mut ok = 0;
    for seed in 0..6u64 {
        let variant = if seed % 2 == 0 { &standard } else { &weekday };
        let photo = synth::photo(variant, seed, &Camera::PHONE);
        std::fs::write(format!("/tmp/ph/syn{seed}.jpg"), &photo.jpeg).unwrap(); image::load_from_memory(&photo.jpeg).unwrap().save(format!("/tmp/ph/syn{seed}.png")).unwrap();
        match read(&photo.jpeg, &both) {
            Ok(r) => {
                let exact = r.date == photo.date && r.tiling == photo.tiling;
                ok += exact as usize;
                eprintln!("{seed}: {} {} corrected {:?} exact {exact} outline {:?} true {:?}", r.variant.name(), r.date, r.corrected, r.outline, photo.corners);
                if !exact { eprintln!("{:?}\n{:?}", r.tiling.to_rows(&r.variant), photo.tiling.to_rows(variant)); }
            }
            Err(e) => eprintln!("{seed}: {e} (true {} {:?})\n{:?}", photo.date, photo.corners, photo.tiling.to_rows(variant)),
        }
    }
    eprintln!("{ok} exact");
}
