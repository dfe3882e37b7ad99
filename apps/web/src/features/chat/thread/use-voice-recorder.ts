import { useCallback, useEffect, useRef, useState } from 'react';

// A voice note: the first press records from the microphone (MediaRecorder), the second stops and
// hands over the recording as an audio/webm file named voice-note-<time>.webm. A refused or missing
// microphone is reported through `onBlocked`.

type Options = { onRecorded: (file: File) => void; onBlocked: () => void };

type Recording = { recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; discard: boolean };

export function voiceNoteName(at: Date = new Date()): string {
  return `voice-note-${at.toISOString().replace(/[:.]/g, '-')}.webm`;
}

export function useVoiceRecorder({ onRecorded, onBlocked }: Options) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const current = useRef<Recording | null>(null);
  const starting = useRef(false);
  const handlers = useRef({ onRecorded, onBlocked });
  useEffect(() => {
    handlers.current = { onRecorded, onBlocked };
  }, [onRecorded, onBlocked]);

  useEffect(() => {
    if (!recording) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => window.clearInterval(timer);
  }, [recording]);

  // Leaving the conversation while recording stops the microphone and sends nothing.
  useEffect(
    () => () => {
      const active = current.current;
      if (!active) return;
      active.discard = true;
      if (active.recorder.state !== 'inactive') active.recorder.stop();
      for (const track of active.stream.getTracks()) track.stop();
    },
    [],
  );

  const start = useCallback(async () => {
    if (starting.current) return;
    starting.current = true;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        handlers.current.onBlocked();
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch {
        handlers.current.onBlocked();
        return;
      }
      const mimeType = typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported('audio/webm') ? 'audio/webm' : undefined;
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const active: Recording = { recorder, stream, chunks: [], discard: false };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) active.chunks.push(event.data);
      };
      recorder.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        current.current = null;
        setRecording(false);
        if (active.discard || active.chunks.length === 0) return;
        handlers.current.onRecorded(new File(active.chunks, voiceNoteName(), { type: 'audio/webm' }));
      };
      current.current = active;
      setSeconds(0);
      recorder.start();
      setRecording(true);
    } finally {
      starting.current = false;
    }
  }, []);

  const toggle = useCallback(() => {
    const active = current.current;
    if (active) {
      if (active.recorder.state !== 'inactive') active.recorder.stop();
      return;
    }
    void start();
  }, [start]);

  return { recording, seconds, toggle };
}
