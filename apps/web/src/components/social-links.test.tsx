import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { networkOf, SocialLinks } from './social-links';

describe('social links', () => {
  it('name each network for what it is: a SoundCloud link is not a second Website', () => {
    const urls = [
      'https://www.instagram.com/nocturneassembly',
      'https://soundcloud.com/nocturne-assembly',
      'https://nocturneassembly.com',
    ];
    renderWithProviders(
      <SocialLinks links={urls.map((url) => ({ network: networkOf(url), url }))} owner="Nocturne Assembly" />,
    );
    const names = screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual([
      'Nocturne Assembly on Instagram',
      'Nocturne Assembly on SoundCloud',
      'Nocturne Assembly on Website',
    ]);
    const icons = screen.getAllByRole('link').map((link) => link.innerHTML);
    expect(new Set(icons).size).toBe(3);
  });

  it('go by the host, not by a word anywhere in it', () => {
    expect(networkOf('https://m.soundcloud.com/x')).toBe('soundcloud');
    expect(networkOf('https://youtu.be/abc')).toBe('youtube');
    expect(networkOf('https://soundcloud.com.example.net/x')).toBe('website');
    expect(networkOf('not a url')).toBe('website');
  });
});
