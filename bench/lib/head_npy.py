"""Writes the first N rows of .npy arrays (C order, any dtype), without NumPy.

usage: head_npy.py N IN.npy OUT.npy [IN.npy OUT.npy ...]
"""
import ast
import struct
import sys


def head(n, source, target):
    with open(source, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit(f"{source}: not an .npy file")
    major = data[6]
    if major == 1:
        length, start = struct.unpack("<H", data[8:10])[0], 10
    else:
        length, start = struct.unpack("<I", data[8:12])[0], 12
    header = ast.literal_eval(data[start:start + length].decode("latin1"))
    if header["fortran_order"]:
        sys.exit(f"{source}: Fortran order is not supported")
    shape = header["shape"]
    if n > shape[0]:
        sys.exit(f"{source}: has {shape[0]} rows, fewer than {n}")
    itemsize = int(header["descr"][2:])
    row = itemsize
    for s in shape[1:]:
        row *= s
    body = data[start + length:start + length + n * row]
    text = "{'descr': %r, 'fortran_order': False, 'shape': %r, }" % (header["descr"], (n,) + tuple(shape[1:]))
    # header padded with spaces to a multiple of 64 bytes, ending in a newline
    total = 10 + len(text) + 1
    text += " " * ((64 - total % 64) % 64) + "\n"
    with open(target, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1") + body)


if __name__ == "__main__":
    count = int(sys.argv[1])
    pairs = sys.argv[2:]
    for i in range(0, len(pairs), 2):
        head(count, pairs[i], pairs[i + 1])
