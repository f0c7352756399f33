/*
** frac.h: exact non-negative fractions for the odds engine (odds.c,
** odds_order.c): 128-bit numerator and denominator while they hold, GMP
** integers past them. Not kept in lowest terms (finish and gn_dist_frac put
** them so when a caller asks).
*/
#ifndef GN_FRAC_H
#define GN_FRAC_H

#include <gmp.h>
#include <stdint.h>

#include "core.h"

typedef unsigned __int128 u128;

/* ------------------------------------------------------------- fractions */

/* A non-negative fraction, not kept in lowest terms: n/d in 128 bits while
** it fits (big = 0), else N/D (big = 1). N and D are initialised on first use
** (init) and cleared by frac_clear. */
typedef struct frac { int big, init; u128 n, d; mpz_t N, D; } frac;

static inline void frac_one(frac *f) { f->big = 0; f->n = 1; f->d = 1; }

static inline void frac_clear(frac *f) {
  if (f->init) { mpz_clear(f->N); mpz_clear(f->D); f->init = 0; }
}

static inline void z_set128(mpz_t z, u128 v) {
  if (!(v >> 64)) { mpz_set_ui(z, (unsigned long)(uint64_t)v); return; }   /* the usual case */
  mpz_set_ui(z, (unsigned long)(uint64_t)(v >> 64));
  mpz_mul_2exp(z, z, 64);
  mpz_add_ui(z, z, (unsigned long)(uint64_t)v);
}

static inline void frac_tobig(frac *f) {
  if (!f->init) { mpz_init(f->N); mpz_init(f->D); f->init = 1; }
  if (f->big) return;
  z_set128(f->N, f->n);
  z_set128(f->D, f->d);
  f->big = 1;
}

static inline void frac_copy(frac *dst, const frac *src) {
  if (!src->big) { dst->big = 0; dst->n = src->n; dst->d = src->d; return; }
  if (!dst->init) { mpz_init(dst->N); mpz_init(dst->D); dst->init = 1; }
  mpz_set(dst->N, src->N);
  mpz_set(dst->D, src->D);
  dst->big = 1;
}

static inline u128 gcd128(u128 a, u128 b) {
  while (b) { u128 t = a % b; a = b; b = t; }
  return a;
}

/* f *= w / s (s > 0). Cannot fail (GMP aborts when it runs out of memory). */
static inline void frac_mul(frac *f, uint64_t w, uint64_t s) {
  if (!f->big) {
    u128 a, b;
    if (!__builtin_mul_overflow(f->n, (u128)w, &a) && !__builtin_mul_overflow(f->d, (u128)s, &b)) {
      f->n = a; f->d = b;
      return;
    }
    u128 g = gcd128(f->n ? f->n : f->d, f->d);   /* lowest terms, then try again */
    f->n /= g; f->d /= g;
    u128 ws = gcd128(w ? w : s, s);
    if (!__builtin_mul_overflow(f->n, (u128)(w / ws), &a) && !__builtin_mul_overflow(f->d, (u128)(s / ws), &b)) {
      f->n = a; f->d = b;
      return;
    }
    frac_tobig(f);
  }
  mpz_mul_ui(f->N, f->N, (unsigned long)w);
  mpz_mul_ui(f->D, f->D, (unsigned long)s);
}

static inline void frac_mulz(frac *f, const mpz_t w, const mpz_t s) {
  frac_tobig(f);
  mpz_mul(f->N, f->N, w);
  mpz_mul(f->D, f->D, s);
}

/* f *= x, or f /= x (inverse; x > 0). Exact; 128 bits while they hold, the
** factors put in lowest terms across before giving up on them. Cannot fail. */
static inline void frac_mulf(frac *f, const frac *x, int inverse) {
  if (!f->big && !x->big) {
    u128 xn = inverse ? x->d : x->n, xd = inverse ? x->n : x->d, a, b;
    if (!__builtin_mul_overflow(f->n, xn, &a) && !__builtin_mul_overflow(f->d, xd, &b)) {
      f->n = a; f->d = b;
      return;
    }
    u128 g1 = gcd128(f->n ? f->n : xd, xd), g2 = gcd128(xn ? xn : f->d, f->d);
    u128 fn = f->n / g1, fd = f->d / g2;
    xd /= g1; xn /= g2;
    if (!__builtin_mul_overflow(fn, xn, &a) && !__builtin_mul_overflow(fd, xd, &b)) {
      f->n = a; f->d = b;
      return;
    }
  }
  frac xb = { 0 };
  const frac *y = x;
  if (!x->big) { xb.n = x->n; xb.d = x->d; frac_tobig(&xb); y = &xb; }
  frac_tobig(f);
  mpz_mul(f->N, f->N, inverse ? y->D : y->N);
  mpz_mul(f->D, f->D, inverse ? y->N : y->D);
  frac_clear(&xb);
}

/* sum += x, with x's denominator dividing sum's as the usual case. t is
** scratch (initialised). Cannot fail. */
static inline void frac_add(frac *sum, const frac *x, mpz_t t) {
  if (!sum->big && sum->n == 0) { frac_copy(sum, x); return; }   /* the first leaf of an outcome */
  if (!sum->big && !x->big) {
    u128 a, b, c;
    if (sum->d == x->d) {
      if (!__builtin_add_overflow(sum->n, x->n, &a)) { sum->n = a; return; }
    } else if (sum->d % x->d == 0) {
      if (!__builtin_mul_overflow(x->n, sum->d / x->d, &a) && !__builtin_add_overflow(sum->n, a, &b)) {
        sum->n = b;
        return;
      }
    } else {
      u128 g = gcd128(sum->d, x->d), l;
      if (!__builtin_mul_overflow(sum->d / g, x->d, &l) && !__builtin_mul_overflow(sum->n, l / sum->d, &a) &&
          !__builtin_mul_overflow(x->n, l / x->d, &b) && !__builtin_add_overflow(a, b, &c)) {
        sum->n = c; sum->d = l;
        return;
      }
    }
  }
  frac_tobig(sum);
  frac xb = { 0 };
  const frac *y = x;
  if (!x->big) { xb.n = x->n; xb.d = x->d; frac_tobig(&xb); y = &xb; }
  if (mpz_cmp(sum->D, y->D) == 0) {
    mpz_add(sum->N, sum->N, y->N);
  } else if (mpz_divisible_p(sum->D, y->D)) {
    mpz_divexact(t, sum->D, y->D);
    mpz_addmul(sum->N, y->N, t);
  } else {                      /* the least common multiple of the denominators */
    mpz_gcd(t, sum->D, y->D);
    mpz_divexact(t, y->D, t);   /* t = D_y / g: sum scales by it */
    mpz_mul(sum->N, sum->N, t);
    mpz_mul(sum->D, sum->D, t);
    mpz_divexact(t, sum->D, y->D);
    mpz_addmul(sum->N, y->N, t);
  }
  frac_clear(&xb);
}

/* Fills d with the exact outcomes values[i] (ascending) of probabilities
** ps[i] (moved: each is left zero); leaves: the paths walked. Returns 0 or
** GN_ENOMEM (odds.c). */
int gn__dist_exact_frac(gn_dist *d, int n, const int64_t *values, frac *ps, uint64_t leaves);

#endif
