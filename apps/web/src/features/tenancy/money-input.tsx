import { InputNumber } from 'antd';

/** An amount in yuan with two decimals (the form converts it to minor units). */
export function YuanInput(props: { value?: number | null; onChange?: (value: number | null) => void }) {
  return (
    <InputNumber
      min={0}
      max={100_000_000}
      precision={2}
      step={1}
      prefix="¥"
      style={{ width: 200 }}
      {...props}
    />
  );
}
