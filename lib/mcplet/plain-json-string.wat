;; plain-json-string.ts embeds this module's bytes; its test compiles this file with wabt and compares.
(module
  (memory (export "memory") 1)
  ;; 1 when no byte in [0, length) is below 0x20 (a control character, which JSON escapes), else 0.
  ;; length is a multiple of 64; the caller pads with a byte that is not one.
  (func (export "plain") (param $length i32) (result i32)
    (local $at i32) (local $found v128) (local $space v128)
    (local.set $space (i8x16.splat (i32.const 0x20)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $at) (local.get $length)))
        ;; Four 16-byte lanes a step, unrolled.
        (local.set $found (v128.or (local.get $found)
          (v128.or
            (v128.or (i8x16.lt_u (v128.load offset=0 (local.get $at)) (local.get $space))
                     (i8x16.lt_u (v128.load offset=16 (local.get $at)) (local.get $space)))
            (v128.or (i8x16.lt_u (v128.load offset=32 (local.get $at)) (local.get $space))
                     (i8x16.lt_u (v128.load offset=48 (local.get $at)) (local.get $space))))))
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $next)))
    (i32.eqz (v128.any_true (local.get $found)))))
