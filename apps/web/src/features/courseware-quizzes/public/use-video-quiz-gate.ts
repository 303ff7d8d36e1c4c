import type { CoursewareQuiz } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import { quizStopAt } from '@lectern/contracts/courseware-quizzes/quiz-rules';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Stops a video at its unanswered quizzes: while playing, after a seek, on play and at the end, the earliest
 * unanswered quiz at or before the playhead pauses the video at that quiz's moment and becomes the open
 * one. Nothing stops for callers who do not answer (`enabled` false: the teaching team, a simulation).
 */
export function useVideoQuizGate(
  videoRef: RefObject<HTMLVideoElement | null>,
  quizzes: readonly CoursewareQuiz[],
  enabled: boolean,
) {
  const [openId, setOpenId] = useState<number | null>(null);
  const quizzesRef = useRef(quizzes);
  const openRef = useRef<number | null>(null);
  // The listeners read the latest list without being re-attached on every refetch.
  useEffect(() => {
    quizzesRef.current = quizzes;
  }, [quizzes]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !enabled) return;
    const check = () => {
      if (openRef.current !== null) {
        if (!video.paused) video.pause();
        return;
      }
      const stop = quizStopAt(quizzesRef.current, video.currentTime);
      if (!stop) return;
      video.pause();
      // A seek far beyond the quiz comes back to it, so its moment is the one the questions are about.
      if (video.currentTime - stop.position > 1) video.currentTime = stop.position;
      openRef.current = stop.id;
      setOpenId(stop.id);
    };
    const events = ['timeupdate', 'seeked', 'play', 'ended'] as const;
    for (const name of events) video.addEventListener(name, check);
    // The list may arrive after playback began (or even ended, for a short clip): check where it is now.
    check();
    return () => {
      for (const name of events) video.removeEventListener(name, check);
    };
  }, [videoRef, enabled]);

  /** Closes the open quiz (answered by now) and plays on. */
  const resume = useCallback(() => {
    openRef.current = null;
    setOpenId(null);
    const video = videoRef.current;
    if (video) void video.play()?.catch(() => undefined);
  }, [videoRef]);

  return { openQuiz: quizzes.find((q) => q.id === openId) ?? null, resume };
}
