import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

// The on-screen signature: a full-width canvas drawn with a finger, a pen or a mouse (pointer
// events, so all three draw the same way and the page does not scroll under the stroke), Clear to
// start over, and for anyone who cannot draw, a box whose typed name is written on the canvas in a
// script face. What is on the canvas is handed up as a PNG data URL, null when it is empty.

/** The canvas's own resolution; it is shown at the page's width, and strokes are scaled to it. */
const WIDTH = 900;
const HEIGHT = 300;
const INK = '#0f172a';

type Props = { onChange: (dataUrl: string | null) => void; disabled?: boolean };

export function SignaturePad({ onChange, disabled = false }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const drawn = useRef(false);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const hintId = useId();

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  const clearCanvas = () => {
    const ctx = context();
    ctx?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
  };

  const emit = () => {
    const canvas = canvasRef.current;
    onChange(canvas && drawn.current ? canvas.toDataURL('image/png') : null);
  };

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = rect.width > 0 ? WIDTH / rect.width : 1;
    const scaleY = rect.height > 0 ? HEIGHT / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  };

  const dot = (x: number, y: number, pressure: number) => {
    const ctx = context();
    if (!ctx) return;
    ctx.fillStyle = INK;
    ctx.beginPath();
    ctx.arc(x, y, 1.5 + pressure * 2, 0, Math.PI * 2);
    ctx.fill();
  };

  const line = (from: { x: number; y: number }, to: { x: number; y: number }, pressure: number) => {
    const ctx = context();
    if (!ctx) return;
    ctx.strokeStyle = INK;
    ctx.lineWidth = 3 + pressure * 4;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
  };

  // A pen reports its pressure; a mouse or finger reports 0.5 while pressed (or 0): drawn as medium.
  const pressureOf = (event: PointerEvent<HTMLCanvasElement>) => (event.pointerType === 'pen' && event.pressure > 0 ? event.pressure : 0.5);

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    if (typing) {
      setTyping(false);
      setTyped('');
      clearCanvas();
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const p = point(event);
    last.current = p;
    dot(p.x, p.y, pressureOf(event));
    drawn.current = true;
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current || disabled) return;
    event.preventDefault();
    const p = point(event);
    line(last.current, p, pressureOf(event));
    last.current = p;
  };

  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    emit();
  };

  const clear = () => {
    clearCanvas();
    setTyped('');
    onChange(null);
  };

  // The typed name, written on the canvas as large as fits.
  useEffect(() => {
    if (!typing) return;
    clearCanvas();
    const name = typed.trim();
    const ctx = context();
    if (name && ctx) {
      let size = 110;
      const font = (px: number) => `italic ${px}px "Brush Script MT", "Segoe Script", "Snell Roundhand", cursive`;
      ctx.font = font(size);
      while (size > 24 && ctx.measureText(name).width > WIDTH - 60) {
        size -= 6;
        ctx.font = font(size);
      }
      ctx.fillStyle = INK;
      ctx.textBaseline = 'middle';
      ctx.fillText(name, 30, HEIGHT / 2);
      drawn.current = true;
    }
    emit();
    // emit and clearCanvas read refs only; the drawing follows the typed text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, typing]);

  return (
    <div className="flex flex-col gap-2">
      <p id={hintId} className="text-sm text-slate-700">
        Sign in the box with your finger, a pen or the mouse.
      </p>
      <canvas
        ref={canvasRef}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Signature pad"
        aria-describedby={hintId}
        data-testid="signature-pad"
        className="aspect-[3/1] w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="lg" onClick={clear} disabled={disabled}>
          Clear
        </Button>
        {!typing && (
          <Button type="button" variant="secondary" size="lg" onClick={() => setTyping(true)} disabled={disabled}>
            Type your signature instead
          </Button>
        )}
      </div>
      {typing && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={typedId}>Type your signature</Label>
          <Input id={typedId} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="name" disabled={disabled} maxLength={120} />
        </div>
      )}
    </div>
  );
}
