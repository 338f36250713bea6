// The registry's subscribe call (docs/requirements.md#ondc-registry): the shop asks to be listed as
// a seller app with its keys; the registry then posts a challenge to on_subscribe, encrypted for
// the shop's X25519 key, and lists the shop once the answer is right.
import type { OndcConfig } from './config.ts';
import { ONDC_RETAIL_DOMAINS } from '@marketplace/domain/ondc/categories';

export type SubscribeEntity = {
  legalName: string;
  businessAddress: string;
  gstin: string;
  pan: string;
  panName: string;
  dateOfIncorporation: string;
  signatory: string;
  signatoryAddress: string;
  email: string;
  mobile: string;
  cityCodes: string[];
};

/** The body of POST {registry}/subscribe (ops_no 2: a seller app) for this key pair. */
export function subscribeRequest(config: OndcConfig, entity: SubscribeEntity, requestId: string, now: Date) {
  const validFrom = now.toISOString();
  const validUntil = new Date(now.getTime() + 365 * 86_400_000).toISOString();
  return {
    context: { operation: { ops_no: 2 } },
    message: {
      request_id: requestId,
      timestamp: validFrom,
      entity: {
        gst: {
          legal_entity_name: entity.legalName,
          business_address: entity.businessAddress,
          city_code: entity.cityCodes,
          gst_no: entity.gstin,
        },
        pan: {
          name_as_per_pan: entity.panName,
          pan_no: entity.pan,
          date_of_incorporation: entity.dateOfIncorporation,
        },
        name_of_authorised_signatory: entity.signatory,
        address_of_authorised_signatory: entity.signatoryAddress,
        email_id: entity.email,
        mobile_no: Number(entity.mobile),
        country: 'IND',
        subscriber_id: config.subscriberId,
        unique_key_id: config.uniqueKeyId,
        callback_url: new URL(config.subscriberUrl).pathname,
        key_pair: {
          signing_public_key: config.keys.signingPublicKey,
          encryption_public_key: config.keys.encryptionPublicKey,
          valid_from: validFrom,
          valid_until: validUntil,
        },
      },
      network_participant: ONDC_RETAIL_DOMAINS.map((domain) => ({
        subscriber_url: new URL(config.subscriberUrl).pathname,
        domain,
        type: 'sellerApp',
        msn: true,
        city_code: entity.cityCodes,
      })),
    },
  };
}
