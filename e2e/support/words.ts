/** How the app names a likes count for a screen reader: '1 like', '12 likes'. */
export function likes(count: number): string {
  return `${count} ${count === 1 ? 'like' : 'likes'}`;
}
