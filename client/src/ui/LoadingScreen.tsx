export function LoadingScreen() {
  return (
    <main className="center-screen" aria-busy="true">
      <p className="muted" role="status">
        Laster...
      </p>
    </main>
  );
}
