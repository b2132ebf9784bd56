import { readMessageArgs } from './messageArgs.ts';

const send = ['--to', 'trader', '--text', 'hello'];

describe('npm run message', () => {
  it('reaches the server that the same flags start', () => {
    expect(readMessageArgs([...send, '--port', '9100'], {}).base).toBe('http://127.0.0.1:9100');
    expect(readMessageArgs([...send, '--port', '9100', '--tenant', 'jgj'], {}).base).toBe(
      'http://127.0.0.1:9101',
    );
    expect(readMessageArgs([...send, '--host', '10.0.0.5', '--tenants', 'spm'], {}).base).toBe(
      'http://10.0.0.5:8080',
    );
  });

  it('reads the server variables the way the server does, flags first', () => {
    expect(readMessageArgs(send, { PORT: '7000' }).base).toBe('http://127.0.0.1:7000');
    expect(readMessageArgs([...send, '--port', '9100'], { PORT: '7000' }).base).toBe('http://127.0.0.1:9100');
  });

  it('refuses a flag it does not know instead of ignoring it', () => {
    expect(() => readMessageArgs([...send, '--prot', '9100'], {})).toThrow(/--prot/);
  });
});
