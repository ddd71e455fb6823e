import { useEffect, useState } from 'react';
import { Button, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Seconds before another code may be asked for. */
export const RESEND_SECONDS = 60;

/**
 * "Send code" next to an SMS code field: checks the phone field first, sends, then counts down
 * 60 s before a resend. The server rate-limits as well ("code sent, try again later", spec §8); its
 * message is shown by the API client.
 */
export function SmsCodeButton({
  form,
  mobileField,
  send,
}: {
  form: FormInstance;
  mobileField: string;
  send: (mobile: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const onClick = async () => {
    let mobile: string;
    try {
      const values = (await form.validateFields([mobileField])) as Record<string, unknown>;
      mobile = String(values[mobileField]);
    } catch {
      return; // the phone field shows why
    }
    setIsSending(true);
    try {
      await send(mobile);
      setSecondsLeft(RESEND_SECONDS);
    } catch {
      // The client already showed the server's message (or "send failed, retry").
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      data-testid="send-code"
      loading={isSending}
      disabled={secondsLeft > 0}
      onClick={() => void onClick()}
      style={{ minWidth: 120 }}
    >
      {secondsLeft > 0 ? t('sms.resendIn', { seconds: secondsLeft }) : t('sms.send')}
    </Button>
  );
}
