'use client';
// The live room's frame. On a phone (≤760 px wide) the room is laid out as one screen, as streaming apps do: the
// video full width and stuck to the top, a compact anchor and match strip, and the chat filling the rest of what
// is visible, its messages scrolling on their own and its input bar at the bottom, above the on-screen keyboard.
// CSS lays it out (live-room.module.css); this measures what CSS cannot know: the visible height (the visual
// viewport, which the keyboard shrinks even where 100dvh does not), where the chat starts and how tall the video is.
//
// Two ways to size the chat: `fit` ends it at the bottom of the first screen, under the video and strips, with
// nothing to scroll to reach the input; `fill` makes it as tall as the screen less the video, for when the first
// screen cannot hold it (the anchor's studio above it) or the keyboard is open (the page then scrolls the chat's
// bottom to the keyboard's edge, and the video, stuck to the top, stays in sight above the messages; it scrolls back
// when the keyboard goes).
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './live-room.module.css';

/** Where the one-screen layout applies; the same width as the phone section of live-room.module.css. */
const phoneQuery = '(max-width: 760px)';
/** Below this the first screen cannot hold a useful chat: it fills under the video instead. */
const minFitChatPx = 240;
/** The visible height shrinking below this share of the tallest seen means an on-screen keyboard is up. */
const keyboardShare = 0.75;

export function RoomScreen({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const phone = window.matchMedia(phoneQuery);
    let tallest = 0;
    let width = 0;
    let keyboardWasUp = false;
    // Where the page was before the keyboard moved it, and where the keyboard put it.
    let scrollBefore = 0;
    let scrollForKeyboard = 0;

    const measure = () => {
      const chat = element.querySelector<HTMLElement>(`.${styles.side}`);
      const video = element.querySelector<HTMLElement>(`.${styles.player}`);
      if (!phone.matches || !chat || !video) {
        element.removeAttribute('data-chat');
        return;
      }
      const visible = window.visualViewport?.height ?? window.innerHeight;
      // A turned phone is another screen: what counts as tallest starts again.
      if (window.innerWidth !== width) {
        width = window.innerWidth;
        tallest = 0;
      }
      tallest = Math.max(tallest, visible);
      const keyboardUp = visible < tallest * keyboardShare;
      const chatTop = chat.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--room-visible-height', `${visible}px`);
      element.style.setProperty('--room-chat-top', `${chatTop}px`);
      element.style.setProperty('--room-video-height', `${video.offsetHeight}px`);
      element.dataset.chat = !keyboardUp && visible - chatTop >= minFitChatPx ? 'fit' : 'fill';
      // The keyboard just came up: the chat's bottom (the input bar) goes to the keyboard's edge, counted in the
      // visible height (iOS leaves the layout viewport as tall as before). When it goes down, the page goes back,
      // unless the viewer has scrolled it since.
      if (keyboardUp && !keyboardWasUp) {
        scrollBefore = window.scrollY;
        window.scrollTo({ top: chat.getBoundingClientRect().bottom + window.scrollY - visible });
        scrollForKeyboard = window.scrollY;
      } else if (!keyboardUp && keyboardWasUp && Math.abs(window.scrollY - scrollForKeyboard) < 2) {
        window.scrollTo({ top: scrollBefore });
      }
      keyboardWasUp = keyboardUp;
    };

    // Measured in the next frame: a size set from inside a resize observer's callback would be reported as a loop.
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    const resized = new ResizeObserver(schedule);
    resized.observe(element);
    window.visualViewport?.addEventListener('resize', schedule);
    window.addEventListener('resize', schedule);
    phone.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.visualViewport?.removeEventListener('resize', schedule);
      window.removeEventListener('resize', schedule);
      phone.removeEventListener('change', schedule);
    };
  }, []);

  // data-phone-screen: the site header keeps only its first row on a phone (header.module.css).
  return (
    <div ref={root} className={styles.room} data-phone-screen="">
      {children}
    </div>
  );
}
