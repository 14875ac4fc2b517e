#include <gmime/gmime.h>

/* GObject type checks are macros, which Swift cannot call: small inline wrappers. */
static inline int cgmime_is_multipart(GMimeObject *object) { return GMIME_IS_MULTIPART(object); }
static inline int cgmime_is_part(GMimeObject *object) { return GMIME_IS_PART(object); }
static inline int cgmime_is_message_part(GMimeObject *object) { return GMIME_IS_MESSAGE_PART(object); }
static inline int cgmime_is_mailbox(InternetAddress *address) { return INTERNET_ADDRESS_IS_MAILBOX(address); }
static inline int cgmime_is_group(InternetAddress *address) { return INTERNET_ADDRESS_IS_GROUP(address); }

static inline GMimeMultipart *cgmime_as_multipart(GMimeObject *object) { return GMIME_MULTIPART(object); }
static inline GMimePart *cgmime_as_part(GMimeObject *object) { return GMIME_PART(object); }
static inline GMimeMessagePart *cgmime_as_message_part(GMimeObject *object) { return GMIME_MESSAGE_PART(object); }
static inline InternetAddressMailbox *cgmime_as_mailbox(InternetAddress *address) { return INTERNET_ADDRESS_MAILBOX(address); }
static inline InternetAddressGroup *cgmime_as_group(InternetAddress *address) { return INTERNET_ADDRESS_GROUP(address); }
static inline GMimeStreamMem *cgmime_as_stream_mem(GMimeStream *stream) { return GMIME_STREAM_MEM(stream); }

/* Bytes written to a null stream (it only counts). */
static inline gint64 cgmime_null_stream_written(GMimeStream *stream) { return (gint64) GMIME_STREAM_NULL(stream)->written; }
