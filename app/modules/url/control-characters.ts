/** C0 controls (CR and LF among them), DEL and C1 controls: never part of a host, path, name or header. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return controlCharacters.test(value);
}
