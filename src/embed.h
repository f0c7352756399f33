/*
** embed.h: the ruleset data files built into the library.
**
** The build writes build/gen/embed.c with `scripts/embed data/rulesets`: one
** entry per data/rulesets/<id>/<name>.yaml (rules.yaml included), sorted by
** path, each file's text as one string. data.c reads them when no data
** directory was set (gn_game_set_data_dir).
*/
#ifndef GN_EMBED_H
#define GN_EMBED_H

struct gn__embed {
  const char *path;           /* "vb/fire.yaml": relative to data/rulesets/ */
  const char *text;           /* the whole file */
};

/* gn__nembedded entries, sorted by path (strcmp); the array ends with an
** entry of NULLs that is not counted. */
extern const struct gn__embed gn__embedded[];
extern const int gn__nembedded;

#endif /* GN_EMBED_H */
