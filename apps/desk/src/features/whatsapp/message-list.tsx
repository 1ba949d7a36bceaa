import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import type { WhatsappMessage } from '../../lib/types.ts';
import styles from './whatsapp.module.css';

const STATUS_WORDS: Record<WhatsappMessage['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  received: 'Received',
};

/** An outgoing message's status in words: "Read", "Failed: <Meta's reason>". */
export function statusInWords(message: WhatsappMessage): string {
  const words = STATUS_WORDS[message.status];
  return message.status === 'failed' && message.failure ? `${words}: ${message.failure}` : words;
}

/** A kept file's link in words: "Open the picture (240 KB)". */
function fileWords({ type, size }: NonNullable<WhatsappMessage['media']>): string {
  const what = type.startsWith('image/')
    ? 'picture'
    : type === 'application/pdf'
      ? 'PDF'
      : type.startsWith('audio/')
        ? 'voice note'
        : type.startsWith('video/')
          ? 'video'
          : 'file';
  const amount =
    size >= 1_000_000
      ? `${(size / 1_000_000).toFixed(1)} MB`
      : `${Math.max(1, Math.round(size / 1000))} KB`;
  return `Open the ${what} (${amount})`;
}

/**
 * The conversation, oldest first so the newest is at the bottom, each side styled apart. A long
 * one scrolls in its own box, kept at the newest message and reachable by keyboard.
 */
export function MessageList({ messages }: { messages: readonly WhatsappMessage[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);
  if (messages.length === 0) return <p className={styles.empty}>No WhatsApp messages yet.</p>;
  return (
    <ol
      ref={list}
      className={styles.messages}
      aria-label="WhatsApp messages, newest last"
      tabIndex={0}
    >
      {messages.map((message) => (
        <li
          key={message.id}
          className={message.direction === 'in' ? styles.incoming : styles.outgoing}
        >
          <p className={styles.meta}>
            {message.direction === 'in' ? 'Buyer' : (message.sentBy ?? 'Automatic')} ·{' '}
            <time dateTime={message.at}>{formatDateTime(message.at)}</time>
            {message.template !== null || message.kind !== 'text' ? ` · ${message.what}` : ''}
          </p>
          {message.text ? <p className={styles.text}>{message.text}</p> : null}
          {message.media ? (
            <p>
              <a href={message.media.url} download>
                {fileWords(message.media)}
              </a>
            </p>
          ) : null}
          {message.direction === 'in' && message.failure ? (
            <p className={styles.failed}>{message.failure}</p>
          ) : null}
          {message.direction === 'out' ? (
            <p className={message.status === 'failed' ? styles.failed : styles.status}>
              {statusInWords(message)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
