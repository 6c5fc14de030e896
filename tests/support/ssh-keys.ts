import ssh2 from "ssh2";

// A default import: the browser suite loads this CommonJS package as an ES module, which has no named exports.
const { utils } = ssh2;

/** What ssh2 may encrypt a private key with. */
type Encryption = { passphrase: string; cipher: string; rounds: number };

/**
 * An ed25519 key pair from ssh2's generator that ssh2 itself reads back. About one in 256 of its pairs is
 * malformed: it strips a public key's leading zero bytes (mscdex/ssh2#1513), and a server given such a host key
 * fails with "Malformed OpenSSH private key". The pair is made again until both halves parse.
 */
export function ed25519KeyPair(encryption?: Encryption): { public: string; private: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync("ed25519", encryption ?? {});
    const readable = [pair.public, pair.private].every((key) => !(utils.parseKey(key, encryption?.passphrase) instanceof Error));
    if (readable) return pair;
  }
}
