#!/usr/bin/env python3
"""Exports the PyTorch models of examples/models/ through torch-mlir (not a
test; the committed files are what scripts/demo and the tests read).

  python3 utils/export_models.py [--venv DIR] [--seed S] [MODEL ...]

Needs torch, torchvision and torch-mlir from PyPI. They are installed into a
virtual environment: DIR, else $BUFRS_MODELS_VENV, else `.venv-models/` in
the repository (git-ignored), created with `python3 -m venv` and filled with
`pip install torch-mlir torch torchvision` when it has no torch-mlir yet
(about 6 GB with the CUDA wheels PyPI's torch pulls in). The script then
runs itself again with that environment's python.

Per model NAME (MODELS below: random weights from a fixed seed, small
widths), it writes to examples/models/:

  NAME.linalg.mlir  torch_mlir.fx.export_and_import(..., output_type=
                    "linalg-on-tensors", func_name="forward"), the weights
                    as function arguments, followed by the driver `@run`:
                    it fills uninitialized memref.globals with the weights
                    and the input (an integer hash of the seed, reproduced
                    exactly in PyTorch), calls `@forward` and prints every
                    element of the result with `bufrs_print_f64`
                    (test/lib/driver.c);
  NAME.mlir         that, bufferized by stock mlir-opt 22 with torch-mlir
                    RefBackend's flags (BUFFERIZE_CBW, copy-before-write);
  NAME.no-cbw.mlir  the same without copy-before-write (BUFFERIZE);
  NAME.expected     PyTorch's output for the same weights and input, one
                    value per line (%.9g).

Each file's header holds the exact call or command that made it. Weights
live in globals, not on the heap, so the heap the programs use is the
model's own buffers. Review the diff after regenerating.
"""

import argparse
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bufrs_utils import toolchain  # noqa: E402

OUT = os.path.join(toolchain.ROOT, "examples", "models")
DEFAULT_VENV = os.path.join(toolchain.ROOT, ".venv-models")
PACKAGES = ["torch-mlir", "torch", "torchvision"]
BUFFERIZE = ("--one-shot-bufferize=bufferize-function-boundaries "
             "function-boundary-type-conversion=identity-layout-map")
BUFFERIZE_CBW = ("--one-shot-bufferize=copy-before-write bufferize-function-boundaries "
                 "function-boundary-type-conversion=identity-layout-map")


# ---------------------------------------------------------------------------
# The virtual environment
# ---------------------------------------------------------------------------


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def ensure_venv(venv):
    """Creates `venv` and installs PACKAGES into it unless it has torch-mlir."""
    python = venv_python(venv)
    probe = [python, "-c", "import torch, torchvision, torch_mlir.fx"]
    if os.path.exists(python) and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    if not os.path.exists(python):
        print(f"creating {venv}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "--upgrade", "pip"], check=True)
    subprocess.run([python, "-m", "pip", "install", *PACKAGES], check=True)
    subprocess.run(probe, check=True)
    return python


# ---------------------------------------------------------------------------
# Weights and inputs: a seeded integer hash both sides compute exactly
# ---------------------------------------------------------------------------

# value(i) = offset + scale * (u(i) - 0.5) with u(i) = (hash(i, stream) & 0xFFFFFF) / 2^24:
# integer operations and f32 operations that round the same in PyTorch and in
# the lowered program, so both see bit-identical weights.
HASH_MUL1, HASH_MUL2, MASK32 = 2654435761, 1274126177, 0xFFFFFFFF


def stream_key(seed, index):
    return (seed * 1000003 + index * 7919 + 12345) & MASK32


def hashed_values(torch, shape, key, offset, scale):
    n = 1
    for d in shape:
        n *= d
    x = (torch.arange(n, dtype=torch.int64) * HASH_MUL1 + key) & MASK32
    x = x ^ (x >> 13)
    x = (x * HASH_MUL2) & MASK32
    x = x ^ (x >> 16)
    u = (x & 0xFFFFFF).to(torch.float32) * torch.tensor(2.0**-24, dtype=torch.float32)
    v = u - torch.tensor(0.5, dtype=torch.float32)
    v = v * torch.tensor(scale, dtype=torch.float32)
    v = v + torch.tensor(offset, dtype=torch.float32)
    return v.reshape(shape)


def f32_literal(value):
    import struct
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return f"0x{bits:08X}"


FILL_FUNCTION = f"""
  // The driver's weights and input: element i of a buffer is
  // offset + scale * ((hash(i, key) & 0xFFFFFF) / 2^24 - 0.5)
  // (utils/export_models.py computes the same in PyTorch).
  func.func private @bufrs_model_fill(%buffer: memref<?xf32>, %key: i64, %offset: f32, %scale: f32) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %buffer, %c0 : memref<?xf32>
    %mul1 = arith.constant {HASH_MUL1} : i64
    %mul2 = arith.constant {HASH_MUL2} : i64
    %mask32 = arith.constant {MASK32} : i64
    %mask24 = arith.constant 16777215 : i64
    %s13 = arith.constant 13 : i64
    %s16 = arith.constant 16 : i64
    %unit = arith.constant 5.96046448E-8 : f32
    %half = arith.constant 5.000000e-01 : f32
    scf.for %i = %c0 to %n step %c1 {{
      %ii = arith.index_cast %i : index to i64
      %a0 = arith.muli %ii, %mul1 : i64
      %a1 = arith.addi %a0, %key : i64
      %a = arith.andi %a1, %mask32 : i64
      %b0 = arith.shrui %a, %s13 : i64
      %b = arith.xori %a, %b0 : i64
      %c0m = arith.muli %b, %mul2 : i64
      %c = arith.andi %c0m, %mask32 : i64
      %d0 = arith.shrui %c, %s16 : i64
      %d = arith.xori %c, %d0 : i64
      %e = arith.andi %d, %mask24 : i64
      %f = arith.sitofp %e : i64 to f32
      %u = arith.mulf %f, %unit : f32
      %v = arith.subf %u, %half : f32
      %w = arith.mulf %v, %scale : f32
      %x = arith.addf %w, %offset : f32
      memref.store %x, %buffer[%i] : memref<?xf32>
    }}
    return
  }}
"""


# ---------------------------------------------------------------------------
# The models
# ---------------------------------------------------------------------------


def build_models(torch):
    """name -> (module, example input shape, dynamic dims of the input ({dim: (name, min, max)}), about)."""
    nn = torch.nn
    F = torch.nn.functional

    class MLP(nn.Module):
        def __init__(self, widths):
            super().__init__()
            self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))

        def forward(self, x):
            for i, layer in enumerate(self.layers):
                x = layer(x)
                if i + 1 < len(self.layers):
                    x = F.relu(x)
            return x

    class CNN(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
            self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
            self.fc = nn.Linear(16 * 4 * 4, 10)

        def forward(self, x):
            x = F.max_pool2d(F.relu(self.conv1(x)), 2)
            x = F.max_pool2d(F.relu(self.conv2(x)), 2)
            return self.fc(torch.flatten(x, 1))

    class Block(nn.Module):
        """A GPT-2 style block: pre-LayerNorm causal self-attention and a GELU MLP, residuals."""

        def __init__(self, d, heads):
            super().__init__()
            self.heads = heads
            self.ln1 = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)
            self.ln2 = nn.LayerNorm(d)
            self.fc = nn.Linear(d, 4 * d)
            self.out = nn.Linear(4 * d, d)

        def forward(self, x):
            b, t, d = x.shape
            h = self.heads
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
            q = q.reshape(b, t, h, d // h).transpose(1, 2)
            k = k.reshape(b, t, h, d // h).transpose(1, 2)
            v = v.reshape(b, t, h, d // h).transpose(1, 2)
            scores = q @ k.transpose(-2, -1) * (1.0 / (d // h) ** 0.5)
            positions = torch.arange(t)
            causal = positions[None, :] <= positions[:, None]
            scores = scores.masked_fill(~causal, float("-inf"))
            y = torch.softmax(scores, dim=-1) @ v
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
            return x + self.out(F.gelu(self.fc(self.ln2(x))))

    class Recurrent(nn.Module):
        def __init__(self, cell):
            super().__init__()
            self.rnn = cell(16, 32, batch_first=True)
            self.head = nn.Linear(32, 4)

        def forward(self, x):
            out, _ = self.rnn(x)
            return self.head(out)

    class DynamicBatch(nn.Module):
        """Conv, LayerNorm and linear over a batch of run-time size."""

        def __init__(self):
            super().__init__()
            self.conv = nn.Conv1d(4, 8, 3, padding=1)
            self.norm = nn.LayerNorm(8 * 12)
            self.fc = nn.Linear(8 * 12, 6)

        def forward(self, x):
            x = F.relu(self.conv(x))
            return self.fc(torch.tanh(self.norm(torch.flatten(x, 1))))

    class SeparableBlock(nn.Module):
        """A MobileNet-style depthwise-separable block: 3x3 depthwise conv,
        BatchNorm, ReLU6, 1x1 pointwise conv, BatchNorm, ReLU6."""

        def __init__(self, c_in, c_out):
            super().__init__()
            self.depthwise = nn.Conv2d(c_in, c_in, 3, padding=1, groups=c_in, bias=False)
            self.bn1 = nn.BatchNorm2d(c_in)
            self.pointwise = nn.Conv2d(c_in, c_out, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(c_out)

        def forward(self, x):
            x = F.relu6(self.bn1(self.depthwise(x)))
            return F.relu6(self.bn2(self.pointwise(x)))

    class TemporalConvNet(nn.Module):
        """Two residual blocks of dilated causal Conv1d (dilations 1 and 2),
        then a 1x1 conv head; the sequence length is the last dimension."""

        def __init__(self, c_in, width, c_out):
            super().__init__()
            self.inp = nn.Conv1d(c_in, width, 1)
            self.convs = nn.ModuleList(nn.Conv1d(width, width, 3, dilation=d) for d in (1, 2))
            self.head = nn.Conv1d(width, c_out, 1)

        def forward(self, x):
            x = self.inp(x)
            for conv in self.convs:
                d = conv.dilation[0]
                x = x + F.relu(conv(F.pad(x, (2 * d, 0))))
            return self.head(x)

    class AutoEncoder(nn.Module):
        """A dense autoencoder 64-32-8-32-64, ReLU inside, sigmoid output."""

        def __init__(self):
            super().__init__()
            self.encode = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 8), nn.ReLU())
            self.decode = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 64))

        def forward(self, x):
            return torch.sigmoid(self.decode(self.encode(x)))

    class ViTBlock(nn.Module):
        """A ViT front: 4x4 patch embedding of a 3x16x16 image (16 tokens of
        width d), position embedding, then one pre-LayerNorm block of
        (non-causal) multi-head self-attention and a GELU MLP, residuals."""

        def __init__(self, d, heads):
            super().__init__()
            self.heads = heads
            self.patch = nn.Conv2d(3, d, 4, stride=4)
            self.pos = nn.Parameter(torch.zeros(1, 16, d))
            self.ln1 = nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)
            self.ln2 = nn.LayerNorm(d)
            self.fc = nn.Linear(d, 2 * d)
            self.out = nn.Linear(2 * d, d)

        def forward(self, image):
            x = self.patch(image).flatten(2).transpose(1, 2) + self.pos
            b, t, d = x.shape
            h = self.heads
            q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
            q = q.reshape(b, t, h, d // h).transpose(1, 2)
            k = k.reshape(b, t, h, d // h).transpose(1, 2)
            v = v.reshape(b, t, h, d // h).transpose(1, 2)
            y = torch.softmax(q @ k.transpose(-2, -1) * (1.0 / (d // h) ** 0.5), dim=-1) @ v
            x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
            return x + self.out(F.gelu(self.fc(self.ln2(x))))

    class MixerBlock(nn.Module):
        """An MLP-Mixer block: LayerNorm, token-mixing MLP (across the
        tokens, through a transpose), residual; LayerNorm, channel-mixing
        MLP, residual."""

        def __init__(self, tokens, channels, token_hidden, channel_hidden):
            super().__init__()
            self.norm1 = nn.LayerNorm(channels)
            self.token1 = nn.Linear(tokens, token_hidden)
            self.token2 = nn.Linear(token_hidden, tokens)
            self.norm2 = nn.LayerNorm(channels)
            self.channel1 = nn.Linear(channels, channel_hidden)
            self.channel2 = nn.Linear(channel_hidden, channels)

        def forward(self, x):
            y = self.norm1(x).transpose(1, 2)
            x = x + self.token2(F.gelu(self.token1(y))).transpose(1, 2)
            return x + self.channel2(F.gelu(self.channel1(self.norm2(x))))

    import torchvision

    return {
        "mlp": (MLP([64, 128, 128, 10]), (4, 64), {}, "MLP 64-128-128-10, batch 4"),
        "cnn": (CNN(), (2, 3, 16, 16), {}, "two conv+ReLU+max-pool, linear; 2x3x16x16"),
        "resnet18": (torchvision.models.resnet18(num_classes=10), (1, 3, 32, 32), {},
                     "torchvision ResNet-18 (eval, 10 classes), 1x3x32x32"),
        "encoder": (nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, dropout=0.0, batch_first=True),
                    (1, 8, 32), {}, "nn.TransformerEncoderLayer d=32, 4 heads, ff 64; 1x8x32"),
        "gpt2-block": (Block(32, 4), (1, 8, 32), {}, "GPT-2 style block d=32, 4 heads; 1x8x32"),
        "gpt2-block-dynamic": (Block(32, 4), (1, 8, 32), {1: ("seq", 2, 64)},
                               "the GPT-2 style block, sequence length dynamic (run with 8)"),
        "lstm": (Recurrent(nn.LSTM), (1, 6, 16), {}, "nn.LSTM 16->32 over 6 steps, linear head"),
        "gru": (Recurrent(nn.GRU), (1, 6, 16), {}, "nn.GRU 16->32 over 6 steps, linear head"),
        "dynamic-batch": (DynamicBatch(), (3, 4, 12), {0: ("batch", 1, 64)},
                          "Conv1d, LayerNorm, tanh, linear; batch dynamic (run with 3)"),
        "separable-block": (SeparableBlock(8, 16), (1, 8, 12, 12), {},
                            "MobileNet-style depthwise 3x3 + BatchNorm + ReLU6, pointwise 1x1 8->16 + BatchNorm "
                            "+ ReLU6; 1x8x12x12"),
        "tcn-dynamic": (TemporalConvNet(4, 16, 2), (1, 4, 24), {2: ("length", 4, 256)},
                        "temporal conv net: 1x1 conv 4->16, two residual dilated causal Conv1d (k 3, dilation 1, 2) "
                        "+ ReLU, 1x1 head 16->2; sequence length dynamic (run with 24)"),
        "autoencoder": (AutoEncoder(), (4, 64), {}, "dense autoencoder 64-32-8-32-64, ReLU, sigmoid; batch 4"),
        "vit-block": (ViTBlock(32, 4), (1, 3, 16, 16), {},
                      "ViT: 4x4 patch embedding to 16 tokens of 32, one pre-LayerNorm attention + GELU MLP block; "
                      "1x3x16x16"),
        "mixer-block": (MixerBlock(16, 24, 32, 48), (1, 16, 24), {},
                        "MLP-Mixer block: 16 tokens x 24 channels, token MLP 32, channel MLP 48; 1x16x24"),
    }


def weight_range(name, tensor):
    """(offset, scale) of a parameter or buffer's values: variances
    positive, norms' weights near 1, weights scaled by their fan-in."""
    leaf = name.rsplit(".", 1)[-1]
    if leaf == "running_var":
        return 1.0, 0.5
    if leaf == "running_mean":
        return 0.0, 0.2
    if tensor.dim() == 1 and ("norm" in name or "bn" in name or name.startswith("ln") or ".ln" in name
                              or "downsample.1" in name):
        return (1.0, 0.2) if leaf == "weight" else (0.0, 0.2)
    fan_in = tensor[0].numel() if tensor.dim() > 1 else tensor.numel()
    return 0.0, 2.0 * (3.0 / fan_in) ** 0.5


# ---------------------------------------------------------------------------
# Export
# ---------------------------------------------------------------------------


DRIVER_MARKER = "  // The driver (utils/export_models.py appends it after bufferizing):"


def memref_type(shape):
    return "memref<" + "".join(f"{d}x" for d in shape) + "f32>"


def driver(args, result):
    """The MLIR driver appended to the bufferized model: globals and `@run`.
    `args`: (global name, static shape, memref type @forward takes, key,
    offset, scale); `result`: @forward's result type."""
    lines = [DRIVER_MARKER]
    for name, shape, _, _, _, _ in args:
        lines.append(f'  memref.global "private" @{name} : {memref_type(shape)} = uninitialized')
    lines.append(FILL_FUNCTION.rstrip("\n"))
    lines.append("  func.func private @bufrs_print_f64(f64)")
    lines.append("  func.func @run() {")
    lines.append("    %c0 = arith.constant 0 : index")
    lines.append("    %c1 = arith.constant 1 : index")
    operands, types = [], []
    for k, (name, shape, seen, key, offset, scale) in enumerate(args):
        static = memref_type(shape)
        lines.append(f"    %g{k} = memref.get_global @{name} : {static}")
        n = 1
        for d in shape:
            n *= d
        if shape:
            group = ", ".join(str(i) for i in range(len(shape)))
            lines.append(f"    %flat{k} = memref.collapse_shape %g{k} [[{group}]] : {static} into memref<{n}xf32>")
        else:
            lines.append(f"    %flat{k} = memref.expand_shape %g{k} [] output_shape [1] : {static} into memref<1xf32>")
        lines.append(f"    %any{k} = memref.cast %flat{k} : memref<{n}xf32> to memref<?xf32>")
        lines.append(f"    %key{k} = arith.constant {key} : i64")
        lines.append(f"    %offset{k} = arith.constant {f32_literal(offset)} : f32")
        lines.append(f"    %scale{k} = arith.constant {f32_literal(scale)} : f32")
        lines.append(f"    func.call @bufrs_model_fill(%any{k}, %key{k}, %offset{k}, %scale{k}) : "
                     f"(memref<?xf32>, i64, f32, f32) -> ()")
        source = f"%g{k}"
        if seen != static:
            lines.append(f"    %dyn{k} = memref.cast %g{k} : {static} to {seen}")
            source = f"%dyn{k}"
        operands.append(source)
        types.append(seen)
    lines.append(f"    %result = func.call @forward({', '.join(operands)}) : ({', '.join(types)}) -> {result}")
    dims = result[len("memref<"):-1].split("x")[:-1]
    indent = "    "
    ivs = []
    for axis, d in enumerate(dims):
        if d == "?":
            lines.append(f"{indent}%c{axis}_axis = arith.constant {axis} : index")
            lines.append(f"{indent}%n{axis} = memref.dim %result, %c{axis}_axis : {result}")
        else:
            lines.append(f"{indent}%n{axis} = arith.constant {d} : index")
        lines.append(f"{indent}scf.for %i{axis} = %c0 to %n{axis} step %c1 {{")
        ivs.append(f"%i{axis}")
        indent += "  "
    lines.append(f"{indent}%e = memref.load %result[{', '.join(ivs)}] : {result}")
    lines.append(f"{indent}%d = arith.extf %e : f32 to f64")
    lines.append(f"{indent}func.call @bufrs_print_f64(%d) : (f64) -> ()")
    for _ in dims:
        indent = indent[:-2]
        lines.append(f"{indent}}}")
    lines.append("    return")
    lines.append("  }")
    return "\n".join(lines) + "\n"


def with_driver(bufferized, args):
    """`bufferized` (a module with @forward) with the driver appended inside
    the module."""
    m = re.search(r"func\.func @forward\((.*)\) -> (memref<[^>]*>) \{", bufferized)
    if not m:
        raise SystemExit("no single-result @forward(...) -> memref in the bufferized IR")
    seen = re.findall(r"%arg\d+: (memref<[^>]*>)", m.group(1))
    if len(seen) != len(args):
        raise SystemExit(f"@forward takes {len(seen)} arguments, the driver has {len(args)}")
    args = [(a[0], a[1], t, *a[3:]) for a, t in zip(args, seen)]
    end = bufferized.rstrip().rfind("}")
    return bufferized[:end] + driver(args, m.group(2)) + "}\n"


def export_one(torch, name, spec, seed):
    from torch_mlir import fx

    model, input_shape, dynamic, about = spec
    model.eval()
    params = [(n, p) for n, p in model.named_parameters()]
    params += [(n, b) for n, b in model.named_buffers() if b.dtype == torch.float32]
    names = [n for n, _ in params]
    x_key = stream_key(seed, 0)
    x = hashed_values(torch, input_shape, x_key, 0.0, 2.0)
    arg_specs = [("bufrs_model_input", list(input_shape), None, x_key, 0.0, 2.0)]
    values = []
    for index, (pname, tensor) in enumerate(params, start=1):
        offset, scale = weight_range(pname, tensor)
        key = stream_key(seed, index)
        values.append(hashed_values(torch, list(tensor.shape), key, offset, scale))
        arg_specs.append((f"bufrs_model_arg{index}", list(tensor.shape), None, key, offset, scale))

    class Functional(torch.nn.Module):
        """The model with its weights as arguments (not constants in the IR)."""

        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, x, weights):
            return torch.func.functional_call(self.inner, dict(zip(names, weights)), (x,))

    wrapped = Functional(model)
    with torch.no_grad():
        expected = wrapped(x, values)
    dynamic_shapes = None
    if dynamic:
        dims = {i: torch.export.Dim(dname, min=lo, max=hi) for i, (dname, lo, hi) in dynamic.items()}
        dynamic_shapes = (dims, [None] * len(values))
    module = fx.export_and_import(wrapped, x, values, output_type="linalg-on-tensors", func_name="forward",
                                  dynamic_shapes=dynamic_shapes)
    body = str(module)
    dims = ", ".join(f"input dim {i}: torch.export.Dim({d!r}, min={lo}, max={hi})"
                     for i, (d, lo, hi) in dynamic.items())
    call = ("torch_mlir.fx.export_and_import(model, input, weights, output_type=\"linalg-on-tensors\", "
            "func_name=\"forward\"" + (", dynamic_shapes=...)\n//   with " + dims if dynamic else ")"))
    header = (f"// {name}: {about}. Exported by utils/export_models.py (seed {seed}, torch {torch.__version__}):\n"
              f"//   {call}\n"
              f"// with the weights as @forward's arguments ({len(values)} tensors after the input).\n\n")
    linalg_path = os.path.join(OUT, name + ".linalg.mlir")
    with open(linalg_path, "w") as f:
        f.write(header + body)
    rel = os.path.relpath(linalg_path, toolchain.ROOT)
    for suffix, flags in ((".mlir", BUFFERIZE_CBW), (".no-cbw.mlir", BUFFERIZE)):
        done = subprocess.run([toolchain.MLIR_OPT, rel, flags], cwd=toolchain.ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{rel}: one-shot-bufferize failed:\n{done.stderr}")
        with open(os.path.join(OUT, name + suffix), "w") as f:
            f.write(f"// {name} bufferized from {rel} by stock mlir-opt 22 (utils/export_models.py):\n"
                    f"//   mlir-opt {rel} '{flags}'\n"
                    f"// followed by the driver @run (from its comment on): it fills the weights and the input\n"
                    f"// (globals), calls @forward and prints every element of its result; {name}.expected\n"
                    f"// holds PyTorch's output for the same weights and input.\n\n"
                    + with_driver(done.stdout, arg_specs))
    with open(os.path.join(OUT, name + ".expected"), "w") as f:
        f.write(f"# {name}: PyTorch's output ({tuple(expected.shape)}, row-major), torch {torch.__version__}, "
                f"seed {seed}\n")
        for value in expected.reshape(-1).tolist():
            f.write(f"{value:.9g}\n")
    sizes = sum(os.path.getsize(os.path.join(OUT, name + s))
                for s in (".linalg.mlir", ".mlir", ".no-cbw.mlir", ".expected"))
    print(f"{name}: {len(values)} weight tensors, result {tuple(expected.shape)}, {sizes} bytes written")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", help="names (default: all)")
    parser.add_argument("--venv", default=os.environ.get("BUFRS_MODELS_VENV", DEFAULT_VENV),
                        help="the virtual environment with torch-mlir (created when missing)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--in-venv", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.in_venv:
        python = ensure_venv(os.path.abspath(args.venv))
        os.execv(python, [python, os.path.abspath(__file__), "--in-venv", "--seed", str(args.seed), *args.models])
    import torch

    torch.manual_seed(args.seed)
    os.makedirs(OUT, exist_ok=True)
    models = build_models(torch)
    unknown = [m for m in args.models if m not in models]
    if unknown:
        raise SystemExit(f"unknown model(s) {unknown}; known: {', '.join(models)}")
    for name in args.models or models:
        export_one(torch, name, models[name], args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
