/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-data.h: where the shipped data (schema, charts, scenarios) is found.
 *
 * An installed program finds its data under its own prefix, and the prefix is found
 * from where the program is: a program installed in PREFIX/bin (the configured bindir
 * below the configured prefix) reads PREFIX/share/gbacw, wherever PREFIX was moved to
 * (a DESTDIR, /opt, a relocated package). A program that is not in such a bindir (a
 * build folder) uses the configured prefix. The build's source tree is never looked in:
 * an uninstalled build finds its data through the environment variable GBACW_DATADIR,
 * which `meson devenv` and the test harness set to the source tree's data folder.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The data directory: $GBACW_DATADIR when it is set and not empty, else the installed
 * one (above). Static; computed once. */
const char *gbacw_data_dir (void);

/* A directory configured below the prefix at build time (e.g. the locale directory),
 * moved with the prefix as above. */
char *gbacw_data_relocate (const char *configured_dir);

/* The folder of the message catalogues (LANG/LC_MESSAGES/gbacw.mo): $GBACW_LOCALEDIR
 * when it is set and not empty (an uninstalled build's po folder), else the installed
 * one, moved with the prefix. */
char *gbacw_data_locale_dir (void);

/* The path of a file under the data directory (e.g. "gbacw-scenario.rng",
 * "scenarios/demo.xml") if it exists, else NULL. */
char *gbacw_data_find (const char *relative_path);

/* Whether path (an existing file; links resolved) is under the data directory: a
 * shipped scenario or game kit, which the editor opens as a template rather than in
 * place, so that saving never writes into the program's own data. */
gboolean gbacw_data_is_shipped (const char *path);

G_END_DECLS
