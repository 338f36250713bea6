import { describe, expect, it } from 'vitest';
import type { OndcConfig } from './config.ts';
import { generateOndcKeys } from './signing.ts';
import { subscribeRequest } from './subscribe.ts';

describe('the registry subscribe request (docs/requirements.md#ondc-registry)', () => {
  it('names the seller app, its key pair with its validity and every retail domain, as ONDC’s onboarding utility sends it', () => {
    const keys = generateOndcKeys();
    const config: OndcConfig = {
      subscriberId: 'ondc.bazaar.example',
      subscriberUrl: 'https://ondc.bazaar.example/ondc',
      uniqueKeyId: 'k1',
      keys,
      registryUrl: 'https://preprod.registry.ondc.org/ondc',
      registryEncryptionPublicKey: null,
      siteVerificationRequestId: 'req-1',
      name: 'Bazaar',
      consumerCare: { name: 'Care', email: 'care@bazaar.example', phone: '18001234567' },
    };
    const body = subscribeRequest(
      config,
      {
        legalName: 'Bazaar Marketplace Private Limited',
        businessAddress: '12 MG Road, Bengaluru 560001',
        gstin: '29AABCB1234C1Z5',
        pan: 'AABCB1234C',
        panName: 'Bazaar Marketplace Private Limited',
        dateOfIncorporation: '01/04/2024',
        signatory: 'Asha Rao',
        signatoryAddress: '12 MG Road, Bengaluru 560001',
        email: 'ondc@bazaar.example',
        mobile: '9876543210',
        cityCodes: ['std:080'],
      },
      'req-1',
      new Date('2026-12-06T10:00:00Z'),
    );
    expect(body.context).toEqual({ operation: { ops_no: 2 } });
    expect(body.message.entity).toMatchObject({
      subscriber_id: 'ondc.bazaar.example',
      unique_key_id: 'k1',
      callback_url: '/ondc',
      mobile_no: 9876543210,
      key_pair: {
        signing_public_key: keys.signingPublicKey,
        encryption_public_key: keys.encryptionPublicKey,
        valid_from: '2026-12-06T10:00:00.000Z',
        valid_until: '2027-12-06T10:00:00.000Z',
      },
    });
    expect(body.message.network_participant.map((p) => p.domain)).toContain('ONDC:RET14');
    expect(body.message.network_participant.every((p) => p.type === 'sellerApp' && p.msn)).toBe(true);
  });
});
