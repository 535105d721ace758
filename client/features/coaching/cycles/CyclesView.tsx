/** The coaching cycles part of /app/coaching (lazily imported by CoachingScreen). Minimal placeholder; the board follows. */
export default function CyclesView() {
  return (
    <section className="stack" aria-labelledby="cycles-heading">
      <h2 id="cycles-heading">Cycles</h2>
      <p>Coaching cycles are on their way.</p>
    </section>
  );
}
