/* Fixture for tests/cli/test-refcheck.sh: citations that scripts/refcheck must read. */

/* Scale (ref. VB-1). */
int a_scale(void) { return 1; }

/* ref. VB-2 NOT IMPLEMENTED: the fixture's known gap. */

/* A list with dotted ids, ended by a full stop: ref. VB-4, BA-DICE-1 BA-5.5.3b. */
int a_list(void) { return 2; }
