/* Fixture for tests/cli/test-refcheck.sh: test citations. */
/* checks the scale (ref. VB-1) and the list (ref. VB-4) */
/* an id that no index knows: ref. VB-99 */
