// No SoundCloud icon ships with MUI's icon set: a small inline cloud, sized and coloured like theirs.
export function SoundCloudIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17.6 10.2a4.2 4.2 0 0 0-7.9-1.6v9.4h7.9a3 3 0 0 0 0-6.1h-.1a4 4 0 0 0 .1-1.7zM8.6 9.2h1v8.8h-1zm-1.8 1h1V18h-1zm-1.8 1.2h1V18H5zm-1.8 1.2h1V18h-1zm-1.6 1.3h1V18h-1z"
      />
    </svg>
  );
}
