/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-file-read.c: reading a user's file whole, bounded (gbacw-file-read.h). */
#define G_LOG_DOMAIN "gbacw-file-read"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-file-read.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)

G_DEFINE_QUARK (gbacw-file-read-error-quark, gbacw_file_read_error)

typedef struct {
  guint64 limit;
  const char *what;       /* "a scenario may be at most 256 MiB" */
  const char *give;       /* "give the path of a scenario file" */
} KindInfo;

/* The limits: far above any real file (the demo is 60 KiB, a 200×200 map with 5,000
 * units 5 MiB, a 5100×3300 scan about 20 MiB), low enough that reading one never
 * exhausts memory. */
static const KindInfo kinds[] = {
  [GBACW_FILE_KIND_SCENARIO] = { 256 * MIB, N_("a scenario"), N_("a scenario file") },
  [GBACW_FILE_KIND_CHART_LIBRARY] = { 256 * MIB, N_("a chart library"), N_("a chart library file") },
  [GBACW_FILE_KIND_GAME_RECORD] = { 256 * MIB, N_("a game record"), N_("a game record file") },
  [GBACW_FILE_KIND_ROSTER] = { 64 * MIB, N_("a roster"), N_("a roster (CSV) file") },
  [GBACW_FILE_KIND_IMAGE] = { 256 * MIB, N_("an image"), N_("an image file (PNG or JPEG)") },
  /* a balance run's results: about 250 bytes a game, a million games */
  [GBACW_FILE_KIND_BALANCE_RESULTS] = { 256 * MIB, N_("balance results"),
                                        N_("a file written by gbacw balance --format json") },
  [GBACW_FILE_KIND_TRACE_SAMPLES] = { 16 * MIB, N_("a samples file"), N_("a samples file (gbacw trace --samples)") },
};

guint64
gbacw_file_kind_limit (GbacwFileKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kinds), 0);
  return kinds[kind].limit;
}

/* "a named pipe": what the file is instead of a regular file. */
static const char *
describe_mode (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
  if (S_ISFIFO (mode))
    return _("a named pipe");
  if (S_ISCHR (mode))
    return _("a character device");
  if (S_ISBLK (mode))
    return _("a block device");
#ifdef S_ISSOCK
  if (S_ISSOCK (mode))
    return _("a socket");
#endif
  return _("not a regular file");
}

/* "300 MiB", rounded up, so that a file just over the limit does not read as the limit. */
static char *
describe_size (guint64 size)
{
  g_autofree char *number = NULL;

  if (size < MIB)
    {
      number = g_strdup_printf ("%" G_GUINT64_FORMAT, size);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s byte", "%s bytes", (gulong) MIN (size, G_MAXULONG)),
                              number);
    }
  number = g_strdup_printf ("%" G_GUINT64_FORMAT, (size + MIB - 1) / MIB);
  /* TRANSLATORS: a file's size in mebibytes */
  return g_strdup_printf (_("%s MiB"), number);
}

static void
set_too_large (GError **error, const char *display, GbacwFileKind kind, guint64 size, guint64 limit)
{
  g_autofree char *limit_text = describe_size (limit);

  if (size > 0)
    {
      g_autofree char *size_text = describe_size (size);
      g_set_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_TOO_LARGE,
                   _("%s is %s; %s may be at most %s"), display, size_text, _(kinds[kind].what), limit_text);
    }
  else
    g_set_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_TOO_LARGE,
                 _("%s grew past %s while it was read; %s may be at most %s"), display, limit_text,
                 _(kinds[kind].what), limit_text);
}

static void
set_not_a_file (GError **error, const char *display, GbacwFileKind kind, mode_t mode)
{
  g_set_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_NOT_A_FILE,
               _("%s is %s, not a file: give the path of %s"), display, describe_mode (mode), _(kinds[kind].give));
}

static void
set_errno_error (GError **error, int saved_errno, gboolean opening, const char *display)
{
  if (opening)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), _("%s: cannot open the file: %s"), display,
                 g_strerror (saved_errno));
  else
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), _("%s: cannot read the file: %s"), display,
                 g_strerror (saved_errno));
}

GBytes *
gbacw_file_read_limited (const char *path, GbacwFileKind kind, guint64 limit, GError **error)
{
  g_autofree char *display = NULL;
  g_autoptr (GByteArray) data = NULL;
  GStatBuf st;
  int fd, flags;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kinds), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display = g_filename_display_name (path);
  /* O_NONBLOCK: opening a named pipe for reading otherwise waits for a writer */
  do
    fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      int saved_errno = errno;
      GStatBuf path_st;
      /* a socket cannot be opened at all (ENXIO): say what it is */
      if (saved_errno == ENXIO && g_stat (path, &path_st) == 0 && !S_ISREG (path_st.st_mode))
        set_not_a_file (error, display, kind, path_st.st_mode);
      else
        set_errno_error (error, saved_errno, TRUE, display);
      return NULL;
    }
  /* the open descriptor, not the path: what is checked is what is read */
  if (fstat (fd, &st) != 0)
    {
      set_errno_error (error, errno, FALSE, display);
      close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      set_not_a_file (error, display, kind, st.st_mode);
      close (fd);
      return NULL;
    }
  if ((guint64) st.st_size > limit)
    {
      set_too_large (error, display, kind, (guint64) st.st_size, limit);
      close (fd);
      return NULL;
    }
  flags = fcntl (fd, F_GETFL);
  if (flags >= 0)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);

  /* at most limit + 1 bytes: a file that grows after fstat () is caught, not followed */
  data = g_byte_array_sized_new ((guint) MIN ((guint64) st.st_size + 1, limit + 1));
  for (;;)
    {
      guint64 room = limit + 1 - data->len;
      gsize chunk = (gsize) MIN (room, (guint64) 1 << 20);
      guint old_len = data->len;
      gssize n;

      if (room == 0)
        break;
      g_byte_array_set_size (data, old_len + (guint) chunk);
      n = read (fd, data->data + old_len, chunk);
      if (n < 0 && errno == EINTR)
        {
          g_byte_array_set_size (data, old_len);
          continue;
        }
      if (n < 0)
        {
          set_errno_error (error, errno, FALSE, display);
          close (fd);
          return NULL;
        }
      g_byte_array_set_size (data, old_len + (guint) n);
      if (n == 0)
        break;
    }
  close (fd);
  if (data->len > limit)
    {
      set_too_large (error, display, kind, 0, limit);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

GBytes *
gbacw_file_read (const char *path, GbacwFileKind kind, GError **error)
{
  return gbacw_file_read_limited (path, kind, gbacw_file_kind_limit (kind), error);
}
