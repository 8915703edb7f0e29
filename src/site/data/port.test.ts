/** lazyPort: loads the real adapter on first use, once, and passes every argument through. */
import { SaveError } from './local';
import { fieldRefusalOf, lazyPort, type DataPort } from './port';

function fakePort(): DataPort & { saveDocument: jest.Mock; uploadFile: jest.Mock } {
  return {
    saveDocument: jest.fn(async () => ({ id: 'saved' })),
    uploadFile: jest.fn(async () => 'https://example.test/file'),
  };
}

it('loads the adapter on first use only, and once', async () => {
  const real = fakePort();
  const load = jest.fn(async () => real);
  const port = lazyPort(load);
  expect(load).not.toHaveBeenCalled();
  await Promise.all([port.saveDocument('Inquriy', { a: 1 }, 'k1'), port.uploadFile('Image/CvDeveloper/x', new Blob(['x']))]);
  await port.saveDocument('Inquriy', { a: 2 }, 'k2');
  expect(load).toHaveBeenCalledTimes(1);
});

it('passes the submission key through to the adapter, and its answer back', async () => {
  const real = fakePort();
  const port = lazyPort(async () => real);
  const document = { Email: 'a@b.co', id: 1, Date: 'x' };
  await expect(port.saveDocument('subcribe', document, '0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60', 'utmSource=newsletter')).resolves.toEqual({ id: 'saved' });
  // Where the lead came from travels beside the document, as it was given.
  expect(real.saveDocument).toHaveBeenCalledWith('subcribe', document, '0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60', 'utmSource=newsletter');
  expect(real.saveDocument.mock.calls[0]![1]).toBe(document);
});

it('passes upload arguments through', async () => {
  const real = fakePort();
  const port = lazyPort(async () => real);
  const file = new Blob(['%PDF-']);
  const onProgress = () => undefined;
  await expect(port.uploadFile('Image/CvDeveloper/x', file, onProgress)).resolves.toBe('https://example.test/file');
  expect(real.uploadFile).toHaveBeenCalledWith('Image/CvDeveloper/x', file, onProgress);
});

it('tries loading again after a failed load', async () => {
  const real = fakePort();
  const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(real);
  const port = lazyPort(load);
  await expect(port.saveDocument('Inquriy', {}, 'k')).rejects.toThrow('offline');
  await expect(port.saveDocument('Inquriy', {}, 'k')).resolves.toEqual({ id: 'saved' });
  expect(load).toHaveBeenCalledTimes(2);
});

describe('fieldRefusalOf: which save errors name a field to show the message on', () => {
  it('our server\'s 400 with a field', () => {
    expect(fieldRefusalOf(new SaveError('Please enter a message', 400, 'Messsage'))).toEqual({ field: 'Messsage', message: 'Please enter a message' });
  });
  it.each([
    ['a 400 without a field', new SaveError('Not JSON', 400)],
    ['a 429', new SaveError('Too many', 429, 'Email')],
    ['a network failure', new SaveError('unreachable', 0)],
    ['a Firebase refusal', Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' })],
  ])('not %s', (_name, error) => {
    expect(fieldRefusalOf(error)).toBeUndefined();
  });
});
