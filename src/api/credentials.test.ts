// The session cookies: Secure whenever the page is served over https (a token never leaves in clear text),
// and without Secure over plain http (a cookie marked Secure would not be stored there at all).
import Cookies from 'js-cookie';
import { writeCookie } from './credentials.ts';

afterEach(() => vi.restoreAllMocks());

const written = (protocol: string) => {
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, protocol });
  const set = vi.spyOn(Cookies, 'set');
  writeCookie('token', 'abc');
  return set.mock.calls.at(-1)![2];
};

it('marks the cookies Secure over https', () => {
  expect(written('https:')).toMatchObject({ secure: true, sameSite: 'lax' });
});

it('leaves them storable over plain http', () => {
  expect(written('http:')).toMatchObject({ secure: false, sameSite: 'lax' });
});
