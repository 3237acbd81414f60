/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-safe-write.c: writing a user's file through a synced temporary file and a rename. */
#define G_LOG_DOMAIN "gbacw-safe-write"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-safe-write-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BUFFER_SIZE (64 * 1024)
/* Symbolic links followed before giving up, as the kernel's limit. */
#define MAX_LINKS 40
/* Bytes of the target's name kept in a temporary name, so that the temporary name stays
 * within the 255 bytes a name may have. */
#define TEMP_BASE_MAX 200
#define TEMP_ATTEMPTS 100
/* Not an errno: what is there is neither a regular file nor a folder. */
#define NOT_REGULAR_FILE (-1)

struct _GbacwSafeWriter
{
  char *display_name;   /* the file as the user named it, for messages */
  char *target;         /* the real file: symbolic links followed */
  char *dir;            /* its folder */
  char *temp;           /* the temporary file while it exists */
  int fd;               /* open on temp, or -1 */
  GbacwSafeWriteFlags flags;
  gboolean existed;
  struct stat old;      /* the old file, when it existed */
  guint8 *buffer;
  gsize buffered;
  int failed_errno;     /* the first failed write; 0 while all is well */
};

/* ---------------------------------------------------------------- the fault-injection seam */

static gint fault_at;
static gint fault_errno;
static gint n_calls;
static gint links_refused;

void
gbacw_safe_write_fail_call (guint n, int errno_value)
{
  g_atomic_int_set (&n_calls, 0);
  g_atomic_int_set (&fault_errno, errno_value);
  g_atomic_int_set (&fault_at, (gint) n);
}

guint
gbacw_safe_write_get_n_calls (void)
{
  return (guint) g_atomic_int_get (&n_calls);
}

void
gbacw_safe_write_refuse_links (gboolean refuse)
{
  g_atomic_int_set (&links_refused, refuse ? 1 : 0);
}

/* Counts a call on the write path; TRUE, with errno set, when it is the one to fail. */
static gboolean
injected_fault (void)
{
  gint n = g_atomic_int_add (&n_calls, 1) + 1;

  if (n != g_atomic_int_get (&fault_at))
    return FALSE;
  errno = g_atomic_int_get (&fault_errno);
  return TRUE;
}

/* ---------------------------------------------------------------- checked system calls */

static int
checked_open (const char *path, int flags, mode_t mode)
{
  int fd;

  if (injected_fault ())
    return -1;
  do
    fd = open (path, flags | O_CLOEXEC, mode);
  while (fd < 0 && errno == EINTR);
  return fd;
}

/* All of data, or -1 with errno set. A write that makes no progress means a full disk. */
static int
write_all (int fd, const guint8 *data, gsize length)
{
  while (length > 0)
    {
      gssize n;

      if (injected_fault ())
        return -1;
      n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return -1;
      if (n == 0)
        {
          errno = ENOSPC;
          return -1;
        }
      data += n;
      length -= (gsize) n;
    }
  return 0;
}

static int
checked_fsync (int fd)
{
  if (injected_fault ())
    return -1;
  return fsync (fd);
}

/* The descriptor is released even when close reports an error (as Linux does): never retried. */
static int
checked_close (int fd)
{
  if (injected_fault ())
    {
      int saved_errno = errno;
      close (fd);
      errno = saved_errno;
      return -1;
    }
  return close (fd);
}

static int
checked_link (const char *from, const char *to)
{
  if (injected_fault ())
    return -1;
  if (g_atomic_int_get (&links_refused))
    {
      errno = EPERM;
      return -1;
    }
  return link (from, to);
}

static int
checked_rename (const char *from, const char *to)
{
  if (injected_fault ())
    return -1;
  return rename (from, to);
}

/* ---------------------------------------------------------------- messages */

static char *
describe_errno (const GbacwSafeWriter *w, int errno_value)
{
  g_autofree char *folder = g_filename_display_name (w->dir != NULL ? w->dir : ".");

  switch (errno_value)
    {
    case ENOSPC:
      return g_strdup (_("the disk is full; free some space or save elsewhere"));
#ifdef EDQUOT
    case EDQUOT:
      return g_strdup (_("your share of the disk (quota) is used up; free some space or save elsewhere"));
#endif
    case EFBIG:
      return g_strdup (_("the file is too large for this disk; save elsewhere"));
    case EACCES:
    case EPERM:
      return g_strdup_printf (_("you may not write in the folder %s; save elsewhere or change the folder's permissions"),
                              folder);
    case EROFS:
      return g_strdup_printf (_("the folder %s is on a read-only disk; save elsewhere"), folder);
    case EISDIR:
      return g_strdup (_("it is a folder; choose a file name"));
    case NOT_REGULAR_FILE:
      return g_strdup (_("it is not a regular file (it is a device, a pipe or a socket); choose another name"));
    case ENOENT:
      return g_strdup_printf (_("the folder %s does not exist; create it or save elsewhere"), folder);
    case ENOTDIR:
      return g_strdup (_("a part of the name that should be a folder is not one; check the name"));
    case ENAMETOOLONG:
      return g_strdup (_("the name is too long; choose a shorter one"));
    case ELOOP:
      return g_strdup (_("it is a symbolic link that goes round in a circle; fix the link or save elsewhere"));
    case EIO:
      return g_strdup (_("the disk reported an error; check the disk and save elsewhere"));
    case EMFILE:
    case ENFILE:
      return g_strdup (_("too many files are open; close some programs and try again"));
    case ENOMEM:
      return g_strdup (_("there is not enough memory; close some programs and try again"));
    case EBUSY:
      return g_strdup (_("the file or its folder is in use; try again later or save elsewhere"));
    default:
      /* TRANSLATORS: %s is the system's description of an error */
      return g_strdup_printf (_("%s; try again or save elsewhere"), g_strerror (errno_value));
    }
}

static void
set_error (const GbacwSafeWriter *w, int errno_value, GError **error)
{
  g_autofree char *reason = describe_errno (w, errno_value);
  GFileError code = errno_value == NOT_REGULAR_FILE ? G_FILE_ERROR_FAILED : g_file_error_from_errno (errno_value);

  if (w->existed)
    /* TRANSLATORS: "T.xml: could not save: the disk is full; free some space or save elsewhere. The file was not
     * changed." */
    g_set_error (error, G_FILE_ERROR, code, _("%s: could not save: %s. The file was not changed."), w->display_name,
                 reason);
  else
    g_set_error (error, G_FILE_ERROR, code, _("%s: could not save: %s. No file was created."), w->display_name,
                 reason);
}

/* ---------------------------------------------------------------- the writer */

static void
free_writer (GbacwSafeWriter *w)
{
  if (w->fd >= 0)
    close (w->fd);
  if (w->temp != NULL)
    g_unlink (w->temp);
  g_free (w->display_name);
  g_free (w->target);
  g_free (w->dir);
  g_free (w->temp);
  g_free (w->buffer);
  g_free (w);
}

/* Reports errno_value, removes the temporary file and frees w. */
static gboolean
fail (GbacwSafeWriter *w, int errno_value, GError **error)
{
  set_error (w, errno_value, error);
  free_writer (w);
  return FALSE;
}

/* The real file behind path: its symbolic links followed, relative ones from the link's
 * folder. A path that does not exist (yet) is its own real file. NULL, errno ELOOP, when
 * the links do not end. */
static char *
follow_links (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (int i = 0; i <= MAX_LINKS; i++)
    {
      struct stat st;
      char *link;

      if (lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      link = g_file_read_link (current, NULL);
      if (link == NULL)
        return g_steal_pointer (&current);  /* creating the temporary file reports why */
      if (g_path_is_absolute (link))
        {
          g_free (current);
          current = link;
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);
          g_free (current);
          current = g_build_filename (dir, link, NULL);
          g_free (link);
        }
    }
  errno = ELOOP;
  return NULL;
}

/* A fresh name in dir for a temporary file beside base: hidden, and never shown to the user. */
static char *
temp_name (const char *dir, const char *base)
{
  g_autofree char *kept = g_strndup (base, TEMP_BASE_MAX);
  g_autofree char *name = g_strdup_printf (".%s.%08x", kept, g_random_int ());

  return g_build_filename (dir, name, NULL);
}

/* Creates a temporary file beside base in dir; -1 with errno set on failure. */
static int
create_temp (const char *dir, const char *base, mode_t mode, char **path_out)
{
  for (int attempt = 0; attempt < TEMP_ATTEMPTS; attempt++)
    {
      g_autofree char *path = temp_name (dir, base);
      int fd = checked_open (path, O_WRONLY | O_CREAT | O_EXCL, mode);

      if (fd >= 0)
        {
          *path_out = g_steal_pointer (&path);
          return fd;
        }
      if (errno != EEXIST)
        return -1;
    }
  errno = EEXIST;
  return -1;
}

/* The new file as the old one: owner, group, mode (fchown first: it may clear the set-id
 * bits). Best effort: one may replace a file one can write but does not own, and some file
 * systems have no owners or modes; the new file is then one's own, with the umask's mode. */
static void
keep_owner_and_mode (int fd, const struct stat *old)
{
  if (fchown (fd, old->st_uid, old->st_gid) != 0)
    {
      /* kept as created */
    }
  if (fchmod (fd, old->st_mode & 07777) != 0)
    {
      /* kept as created */
    }
}

GbacwSafeWriter *
gbacw_safe_writer_open (const char           *path,
                        GbacwSafeWriteFlags   flags,
                        GError              **error)
{
  GbacwSafeWriter *w;
  g_autofree char *base = NULL;

  g_return_val_if_fail (path != NULL && *path != '\0', NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  w = g_new0 (GbacwSafeWriter, 1);
  w->fd = -1;
  w->flags = flags;
  w->display_name = g_filename_display_name (path);
  w->target = follow_links (path);
  if (w->target == NULL)
    {
      int saved_errno = errno;
      w->dir = g_path_get_dirname (path);
      fail (w, saved_errno, error);
      return NULL;
    }
  w->dir = g_path_get_dirname (w->target);
  if (stat (w->target, &w->old) == 0)
    {
      if (!S_ISREG (w->old.st_mode))
        {
          fail (w, S_ISDIR (w->old.st_mode) ? EISDIR : NOT_REGULAR_FILE, error);
          return NULL;
        }
      w->existed = TRUE;
    }
  /* else a new file, or a folder that is missing or closed: creating the temporary file says which */

  base = g_path_get_basename (w->target);
  w->fd = create_temp (w->dir, base, w->existed ? (w->old.st_mode & 0777) : 0666, &w->temp);
  if (w->fd < 0)
    {
      fail (w, errno, error);
      return NULL;
    }
  if (w->existed)
    keep_owner_and_mode (w->fd, &w->old);
  w->buffer = g_malloc (BUFFER_SIZE);
  return w;
}

static void
flush_buffer (GbacwSafeWriter *w)
{
  if (w->failed_errno == 0 && w->buffered > 0 && write_all (w->fd, w->buffer, w->buffered) != 0)
    w->failed_errno = errno;
  w->buffered = 0;
}

gboolean
gbacw_safe_writer_write (GbacwSafeWriter *w,
                         const void      *data,
                         gsize            length)
{
  g_return_val_if_fail (w != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (w->failed_errno != 0)
    return FALSE;
  if (w->buffered + length > BUFFER_SIZE)
    flush_buffer (w);
  if (length >= BUFFER_SIZE)
    {
      if (w->failed_errno == 0 && write_all (w->fd, data, length) != 0)
        w->failed_errno = errno;
    }
  else if (length > 0)
    {
      memcpy (w->buffer + w->buffered, data, length);
      w->buffered += length;
    }
  return w->failed_errno == 0;
}

gboolean
gbacw_safe_writer_has_failed (GbacwSafeWriter *w)
{
  g_return_val_if_fail (w != NULL, TRUE);
  return w->failed_errno != 0;
}

/* The old file, copied under a temporary name with its mode: the backup to be, where
 * the file system cannot make a hard link. NULL, errno set, on failure. */
static char *
copy_old_file (GbacwSafeWriter *w, const char *backup_base)
{
  g_autofree guint8 *buffer = NULL;
  char *copy = NULL;
  int in, out, saved_errno = 0;
  gssize n;

  out = create_temp (w->dir, backup_base, w->old.st_mode & 0777, &copy);
  if (out < 0)
    return NULL;
  keep_owner_and_mode (out, &w->old);
  in = open (w->target, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    saved_errno = errno;
  buffer = g_malloc (BUFFER_SIZE);
  while (saved_errno == 0)
    {
      n = read (in, buffer, BUFFER_SIZE);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 || (n > 0 && write_all (out, buffer, (gsize) n) != 0))
        saved_errno = errno;
      if (n <= 0)
        break;
    }
  if (in >= 0)
    close (in);
  if (saved_errno == 0 && checked_fsync (out) != 0)
    saved_errno = errno;
  if (checked_close (out) != 0 && saved_errno == 0)
    saved_errno = errno;
  if (saved_errno == 0)
    return copy;
  g_unlink (copy);
  g_free (copy);
  errno = saved_errno;
  return NULL;
}

/* The backup to be under a temporary name: a hard link to the old file, or a copy where
 * hard links are not to be had. NULL, errno set, on failure. */
static char *
link_old_file (GbacwSafeWriter *w)
{
  g_autofree char *base = g_path_get_basename (w->target);
  g_autofree char *backup_base = g_strconcat (base, "~", NULL);

  for (int attempt = 0; attempt < TEMP_ATTEMPTS; attempt++)
    {
      g_autofree char *path = temp_name (w->dir, backup_base);

      if (checked_link (w->target, path) == 0)
        return g_steal_pointer (&path);
      if (errno == EEXIST)
        continue;
      if (errno == EPERM || errno == EOPNOTSUPP || errno == ENOTSUP || errno == EMLINK || errno == ENOSYS)
        return copy_old_file (w, backup_base);
      return NULL;
    }
  errno = EEXIST;
  return NULL;
}

/* Makes the renames durable. Best effort: the new file is complete and in place and there
 * is no earlier state to go back to; some file systems refuse to sync a folder. */
static void
sync_folder (const char *dir)
{
  int fd = checked_open (dir, O_RDONLY | O_DIRECTORY, 0);

  if (fd < 0)
    return;
  if (checked_fsync (fd) != 0)
    {
      /* see above */
    }
  close (fd);
}

/* The backup's rename failed after the target was replaced: the old file goes back. */
static gboolean
fail_backup (GbacwSafeWriter *w, const char *backup_temp, int errno_value, GError **error)
{
  g_autofree char *backup_name = g_strconcat (w->display_name, "~", NULL);

  if (rename (backup_temp, w->target) != 0)
    {
      /* Cannot happen short of a second failure: the new file stays, the old one goes. */
      g_autofree char *reason = describe_errno (w, errno_value);
      g_unlink (backup_temp);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno_value),
                   _("%s: the file was saved, but the old version could not be kept as %s: %s."), w->display_name,
                   backup_name, reason);
      free_writer (w);
      return FALSE;
    }
  sync_folder (w->dir);
  if (errno_value == EISDIR || errno_value == ENOTEMPTY || errno_value == EEXIST)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno_value),
                   _("%s: could not save: the backup %s is a folder; move it away or save elsewhere. The file was not "
                     "changed."),
                   w->display_name, backup_name);
      free_writer (w);
      return FALSE;
    }
  return fail (w, errno_value, error);
}

gboolean
gbacw_safe_writer_commit (GbacwSafeWriter  *w,
                          GError          **error)
{
  g_autofree char *backup_temp = NULL;
  int fd;

  g_return_val_if_fail (w != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  flush_buffer (w);
  if (w->failed_errno == 0 && checked_fsync (w->fd) != 0)
    w->failed_errno = errno;
  fd = w->fd;
  w->fd = -1;
  if (checked_close (fd) != 0 && w->failed_errno == 0)
    w->failed_errno = errno;
  if (w->failed_errno != 0)
    return fail (w, w->failed_errno, error);

  /* The new file is complete: only now is the old one linked as the backup to be. */
  if ((w->flags & GBACW_SAFE_WRITE_BACKUP) && w->existed)
    {
      backup_temp = link_old_file (w);
      if (backup_temp == NULL)
        {
          int saved_errno = errno;
          return fail (w, saved_errno, error);
        }
    }
  if (checked_rename (w->temp, w->target) != 0)
    {
      int saved_errno = errno;
      if (backup_temp != NULL)
        g_unlink (backup_temp);
      return fail (w, saved_errno, error);
    }
  g_clear_pointer (&w->temp, g_free);
  if (backup_temp != NULL)
    {
      g_autofree char *backup = g_strconcat (w->target, "~", NULL);
      if (checked_rename (backup_temp, backup) != 0)
        return fail_backup (w, backup_temp, errno, error);
    }
  sync_folder (w->dir);
  free_writer (w);
  return TRUE;
}

void
gbacw_safe_writer_abort (GbacwSafeWriter *w)
{
  if (w != NULL)
    free_writer (w);
}

gboolean
gbacw_safe_write_file (const char           *path,
                       const void           *data,
                       gsize                 length,
                       GbacwSafeWriteFlags   flags,
                       GError              **error)
{
  GbacwSafeWriter *w;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  w = gbacw_safe_writer_open (path, flags, error);
  if (w == NULL)
    return FALSE;
  gbacw_safe_writer_write (w, data, length);
  return gbacw_safe_writer_commit (w, error);
}
